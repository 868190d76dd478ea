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
