import { formatCents, SHARE_GOAL_CENTS } from '@fu/shared';

export interface ShareContent {
  title: string;
  text: string;
  url: string;
}

/** What the student shares: who they are, what for, the $500 goal (spec §9) and their order link. */
export function shareContent(student: { firstName: string; teamName: string; schoolName: string }, url: string) {
  return {
    title: `Support ${student.teamName}`,
    text:
      `Help ${student.firstName} raise money for ${student.teamName} at ${student.schoolName}! ` +
      `Our goal is ${formatCents(SHARE_GOAL_CENTS).replace('.00', '')}. Order or donate here:`,
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
