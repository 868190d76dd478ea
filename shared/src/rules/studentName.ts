import { ORDER_MESSAGES } from '../contracts/constants';
import { hasLinkOrDomain, safeTypedText, TYPED_TEXT_MESSAGES } from './typedText';

export interface StudentNameProblem {
  field: 'studentFirstName' | 'studentLastName';
  message: string;
}

/**
 * A student's name as typed on an order or a new student page: both parts given (spec §5's
 * messages), and neither holding a web address, since the name reaches receipts, texts and link
 * previews in our name (typedText.ts).
 */
export function studentNameProblems(firstName: string, lastName: string): StudentNameProblem[] {
  const problems: StudentNameProblem[] = [];
  const check = (field: StudentNameProblem['field'], value: string, blankMessage: string) => {
    if (!value.trim()) problems.push({ field, message: blankMessage });
    else if (hasLinkOrDomain(value)) problems.push({ field, message: TYPED_TEXT_MESSAGES.nameLink });
  };
  check('studentFirstName', firstName, ORDER_MESSAGES.studentFirstName);
  check('studentLastName', lastName, ORDER_MESSAGES.studentLastName);
  return problems;
}

/**
 * "Jordan R.": a student's first name and the last name's initial with a period, nothing else (never
 * the full last name). A student without a last name is just the first name. Both pass the
 * typed-text rule first: the name is shown in our name (leaderboards, link previews, the pages that
 * record a student's sale).
 */
export function studentShortName(firstName: string, lastName: string): string {
  const first = safeTypedText(firstName);
  const initial = Array.from(safeTypedText(lastName))[0];
  return initial ? `${first} ${initial.toLocaleUpperCase('en-US')}.` : first;
}

/** How much of a student's name a place shows: in full ("Jordan Rivera") or short ("Jordan R."). */
export type StudentNameForm = 'full' | 'short';

/** What decides how a fundraiser names its students: its privacy mode (issue 34). */
export interface StudentNaming {
  privacyMode?: boolean | null;
}

/**
 * Issue 34, how a student is named in this fundraiser: in privacy mode by first name only ("Jordan"),
 * wherever anyone but the admin app sees the name (order pages, the cash/check page, receipts, texts,
 * the student page's heading); otherwise in the form the place asks for, "Jordan Rivera" or "Jordan
 * R." (`studentShortName`). Both parts pass the typed-text rule first. Link previews name no student
 * of a fundraiser in privacy mode at all, and it has no leaderboard (`namesStudentsInPublic`).
 */
export function studentNameIn(
  fundraiser: StudentNaming,
  firstName: string,
  lastName: string,
  form: StudentNameForm = 'short',
): string {
  if (fundraiser.privacyMode) return safeTypedText(firstName);
  if (form === 'short') return studentShortName(firstName, lastName);
  return [safeTypedText(firstName), safeTypedText(lastName)].filter(Boolean).join(' ');
}

/**
 * The last name an answer may carry for a student of this fundraiser: none ('') in privacy mode, so
 * the calls that hand out a student's name parts (a share link's order page, an order's view, a
 * receipt) never carry it, whatever the page does with it.
 */
export function studentLastNameIn(fundraiser: StudentNaming, lastName: string): string {
  return fundraiser.privacyMode ? '' : lastName;
}

/**
 * Whether the fundraiser names students where anyone may look, without a student's secret: a team
 * leaderboard (first names and last initials), a share link's preview. Not in privacy mode.
 */
export function namesStudentsInPublic(fundraiser: StudentNaming): boolean {
  return !fundraiser.privacyMode;
}
