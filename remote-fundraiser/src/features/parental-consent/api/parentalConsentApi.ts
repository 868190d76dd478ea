import { call } from '@fu/shared';

/** Issue 34 (COPPA): a page's age answer and a parent's confirmation (docs/security.md "Children under 13"). */
export const parentalConsentApi = {
  /** The page's answer to "Is the student 13 or older?", given once. */
  answerAge: (fundraiserDeviceGuid: string, studentIs13OrOlder: boolean) =>
    call('POST /api/Students/AnswerStudentAge', { body: { fundraiserDeviceGuid, studentIs13OrOlder } }),
  /** Texts the parent's phone the link that confirms the page (/ParentConsent/{token}). */
  requestConsent: (fundraiserDeviceGuid: string, parentPhone: string) =>
    call('POST /api/Students/RequestParentConsent', { body: { fundraiserDeviceGuid, parentPhone } }),
  /** What the link asks the parent to agree to; reading it changes nothing. */
  view: (token: string) => call('POST /api/Students/GetParentConsent', { body: { token } }),
  /** The parent confirms: the page works, and its texts come to the parent's phone. */
  confirm: (token: string) => call('POST /api/Students/ConfirmParentConsent', { body: { token } }),
};
