import { ORDER_MESSAGES } from '../contracts/constants';
import { hasLinkOrDomain, TYPED_TEXT_MESSAGES } from './typedText';

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
