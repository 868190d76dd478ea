// Words of the pages' first screens, kept here since the server painted its own copy of them (the
// server now renders the remotes' own components: issue 33); a remote's own words may move home to it.

/** A team video's address when it is an https embed from a host the CSP allows (remote-ordering TeamVideo). */
export function embeddableVideoUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return undefined;
    if (parsed.hostname === 'www.youtube.com' || parsed.hostname === 'player.vimeo.com') return parsed.toString();
    return undefined;
  } catch {
    return undefined;
  }
}

/** The order form's first question (remote-ordering StudentSection). */
export const STUDENT_QUESTION = 'Which student are you supporting?';

/** A progress bar's line while its figures load (shared/src/ui/ProgressBar). */
export const PROGRESS_LOADING = 'Loading progress…';

/** The order page's team progress bar's name (remote-ordering TeamProgress). */
export const TEAM_PROGRESS_LABEL = 'Team progress';

/** What the student page says under its lines once its fundraiser has ended. */
export const FUNDRAISER_ENDED = 'This fundraiser has ended. Thank you for all you raised!';

/** The student page's progress bar's name (remote-fundraiser YourProgress). */
export const YOUR_PROGRESS_LABEL = 'Your progress';

/** The student page's reminders card (remote-fundraiser RemindersCard): its heading and what it says first. */
export const REMINDERS_HEADING = 'Text reminders';
export const REMINDERS_INVITATION =
  "We'll text you two days after kickoff and again when two days are left. Students who get reminders raise up to 20% more.";

/**
 * Where a page's reminders stand: not answered yet (spec §4: Continue or Disable), off, on but
 * waiting for the phone's owner to open the confirmation link texted to it (nothing is texted
 * until then), or on.
 */
export type RemindersState = 'unanswered' | 'off' | 'waiting' | 'on';

export function remindersState(isOptedIn: boolean | null, phoneConfirmed: boolean): RemindersState {
  if (isOptedIn === null) return 'unanswered';
  if (!isOptedIn) return 'off';
  return phoneConfirmed ? 'on' : 'waiting';
}

/** The line that says where an answered page's reminders stand, the same in the first paint and the app. */
export const remindersStateLine = (state: Exclude<RemindersState, 'unanswered'>) =>
  ({
    off: 'Text reminders are off.',
    waiting: 'Text reminders are waiting for your confirmation text.',
    on: 'Text reminders are on.',
  })[state];

/** The checkout page's heading (remote-checkout CheckoutPage), outside test mode. */
export const CHECKOUT_HEADING = 'Checkout';

/** The offers wallet's heading (remote-tickets OffersPage). */
export const OFFERS_HEADING = 'Offers';

/** What the offers wallet says of the sample ticket (a ticket's own guid): it previews, it does not redeem. */
export const SAMPLE_OFFERS_NOTE = 'Preview: these offers can be redeemed with a purchased ticket.';

/** The wallet's line naming its ticket: "Lincoln Lions Discount Card · Lincoln High School Varsity Football". */
export const walletTicketLine = (ticket: { name: string; schoolName: string; teamName: string }) =>
  `${ticket.name} · ${ticket.schoolName} ${ticket.teamName}`;

/** The student page's line under the student's name: "Varsity Football · Lincoln High School". */
export const studentPageTeamLine = (fundraiser: { teamName: string; schoolName: string }) =>
  `${fundraiser.teamName} · ${fundraiser.schoolName}`;
