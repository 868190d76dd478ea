import { formatCents, pageMessage, SHARE_GOAL_CENTS, type Translate } from '@fu/shared';

export interface ShareContent {
  title: string;
  text: string;
  url: string;
}

/**
 * What the student shares: who they are, what for, the $500 goal (spec §9) and their order link.
 * In the page's language (`t`): the student chooses to send it, in the words they read.
 */
export function shareContent(
  student: { firstName: string; teamName: string; schoolName: string },
  url: string,
  t: Translate = pageMessage,
) {
  const { firstName, teamName, schoolName } = student;
  return {
    title: t('fundraiser.share.title', { teamName }),
    text: t('fundraiser.share.text', {
      firstName,
      teamName,
      schoolName,
      goal: formatCents(SHARE_GOAL_CENTS).replace('.00', ''),
    }),
    url,
  } satisfies ShareContent;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The Web Share API where the browser has it, otherwise the link (with its text) on the clipboard. */
export async function shareOrCopy(content: ShareContent, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share(content);
      return 'shared';
    } catch (error) {
      // The student closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await nav.clipboard.writeText(`${content.text} ${content.url}`);
    return 'copied';
  } catch {
    return 'failed';
  }
}
