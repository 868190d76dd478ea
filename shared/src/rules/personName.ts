// A person's name as we keep it (issue 31): the typed-text rule's tidying, and capital letters where
// a person writes them when the name was typed all in lower case or all in capitals. A name typed in
// mixed case is the writer's own spelling ("McDonald", "DeShawn", "de la Cruz") and is kept as it is.
import { tidyTypedText } from './typedText';

/**
 * Words that join a family name and stay in lower case before its last word ("de la Cruz", "van der
 * Berg", "dos Santos"). The last word is always capitalised, so "La" alone stays a name.
 */
const PARTICLES = new Set([
  'da',
  'das',
  'de',
  'del',
  'della',
  'den',
  'der',
  'di',
  'do',
  'dos',
  'du',
  'la',
  'le',
  'ten',
  'ter',
  'van',
  'von',
  'y',
]);

/** Apostrophes a phone's keyboard may type: the straight one, the curly ones and the letter apostrophe. */
const APOSTROPHE = /['\u2018\u2019\u02BC]/u;

const LOCALE = 'en-US';

/** The first letter in capitals, the rest in lower case. */
function capitalise(part: string): string {
  const [first = '', ...rest] = Array.from(part.toLocaleLowerCase(LOCALE));
  return first.toLocaleUpperCase(LOCALE) + rest.join('');
}

/**
 * One piece of a word between hyphens and full stops: "o'neil" → "O'Neil" and "d'angelo" → "D'Angelo" (one letter
 * before the apostrophe), "mcdonald" → "McDonald"; otherwise capitalised.
 */
function capitalisePiece(piece: string): string {
  const apostrophe = APOSTROPHE.exec(piece);
  if (apostrophe && Array.from(piece.slice(0, apostrophe.index)).length === 1) {
    const after = piece.slice(apostrophe.index + 1);
    return capitalise(piece.slice(0, apostrophe.index)) + apostrophe[0] + (after && capitalise(after));
  }
  const lower = piece.toLocaleLowerCase(LOCALE);
  if (lower.startsWith('mc') && Array.from(lower).length > 3) return `Mc${capitalise(lower.slice(2))}`;
  return capitalise(piece);
}

/**
 * A name as a person writes it. Tidied as every typed text is (tabs, invisible and direction-changing
 * characters out, one space between words, no space at the ends); then, only if it was typed all in
 * lower case or all in capitals, each word capitalised, its parts between hyphens and full stops each ("Mary-Kate", "St. John"), with
 * "O'", "D'" and "Mc" followed by a capital. In a family name (`part: 'family'`) the joining words
 * before its last word stay in lower case ("de la cruz" → "de la Cruz"); in a given name, a word of
 * one or two letters typed in capitals is taken for initials and kept ("TJ"). Names in scripts
 * without case are unchanged.
 */
export function tidyPersonName(text: string, part: 'given' | 'family'): string {
  const tidy = tidyTypedText(text);
  const lower = tidy.toLocaleLowerCase(LOCALE);
  const upper = tidy.toLocaleUpperCase(LOCALE);
  if (lower === upper || (tidy !== lower && tidy !== upper)) return tidy;
  const typedInCapitals = tidy === upper;
  const words = tidy.split(' ');
  return words
    .map((word, index) => {
      if (part === 'family' && index < words.length - 1 && PARTICLES.has(word.toLocaleLowerCase(LOCALE))) {
        return word.toLocaleLowerCase(LOCALE);
      }
      if (part === 'given' && typedInCapitals && Array.from(word.replace(/\P{L}/gu, '')).length <= 2) return word;
      return word.replace(/[^-.]+/g, capitalisePiece);
    })
    .join(' ');
}
