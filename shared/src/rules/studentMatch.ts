// Issue 31, "Credit goes where the supporter says": on an order from the team's directory path
// (/Order/{fundraiserId}/…) the student name the supporter types is matched against the team's
// student pages. The server credits the order on exactly one match; the order page and the checkout
// say whom the order supports, or that it counts for the team.
// A type only: the server imports these rules without React.
import type { Translate } from '../i18n/translate';
import { tidyTypedText } from './typedText';
import { pageMessage } from '../i18n/current';

/** Letters that have no accent to take off but that a person typing without them writes so. */
const PLAIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const PLAIN_LETTER = new RegExp(`[${Object.keys(PLAIN_LETTERS).join('')}]`, 'gu');

/**
 * What two spellings of one name have in common: tidied as typed text is (invisible characters out,
 * one space between words, none at the ends), accents taken off ("Núñez" → "nunez"), in lower case,
 * with a phone keyboard's curly apostrophe and non-breaking hyphens read as the plain ones.
 */
export function studentNameKey(name: string): string {
  return tidyTypedText(name)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-US')
    .replace(PLAIN_LETTER, (letter) => PLAIN_LETTERS[letter] ?? letter)
    .replace(/[\u2018\u2019\u02BC]/gu, "'")
    .replace(/[\u2010\u2011]/gu, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A student's name: first and last, as a student page or an order holds it. */
export interface StudentName {
  firstName: string;
  lastName: string;
}

/**
 * The one student whose first and last names are the typed ones, ignoring case, accents and extra
 * spaces; undefined when none is, when more than one is (a guess is never credited), or when a
 * name is blank.
 */
export function matchStudent<T extends StudentName>(typed: StudentName, students: readonly T[]): T | undefined {
  const first = studentNameKey(typed.firstName);
  const last = studentNameKey(typed.lastName);
  if (!first || !last) return undefined;
  const found = students.filter(
    (student) => studentNameKey(student.firstName) === first && studentNameKey(student.lastName) === last,
  );
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The words for whom an order counts: on the order page, the checkout and the receipt, in the
 * page's language (`t`: useT). `countedForTeam` is its own id: show it as `t(countedForTeam)`.
 */
export const STUDENT_CREDIT_MESSAGES = {
  /** One student matched: their name as the leaderboard shows it ("Jordan R."). */
  supporting: (displayName: string, t: Translate = pageMessage) =>
    t('shared.credit.supporting', { student: displayName }),
  /** Before paying, when the typed name is no single student of the team. */
  countsForTeam: (typedName: string, t: Translate = pageMessage) =>
    t('shared.credit.countsForTeam', { name: typedName }),
  /** On the receipt of an order credited to no student. */
  countedForTeam: 'This order counts for the team.',
} as const;
