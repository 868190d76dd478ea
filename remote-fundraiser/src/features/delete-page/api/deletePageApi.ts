import { call } from '@fu/shared';

/** Issue 34 (docs/privacy.md): a student page deleted by its holder, with a link texted to the page's phone. */
export const deletePageApi = {
  /** Texts the page's phone a link that deletes the page (/Fundraiser/{guid}?delete={code}); the sentence to show. */
  requestLink: (fundraiserDeviceGuid: string) =>
    call('POST /api/Students/RequestPageDeletion', { body: { fundraiserDeviceGuid } }),
  /** Uses the texted link's code: the page and the student's details are erased. */
  deletePage: (fundraiserDeviceGuid: string, code: string) =>
    call('POST /api/Students/DeletePage', { body: { fundraiserDeviceGuid, code } }),
};
