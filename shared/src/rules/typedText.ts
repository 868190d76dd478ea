// One rule for text a person typed that we pass on in our own name: names and check numbers in
// e-mails, receipts (page and PDF), texts and link previews. Anyone can make a student page or
// record a sale with any name, so such text must carry no link or domain a reader could follow, and
// no invisible or direction-changing character that makes it read other than it is.

/**
 * Characters that show nothing or change how the text around them reads: controls (tabs and line
 * breaks included), format characters (zero-width spaces and joiners, bidirectional embeddings,
 * overrides and isolates, left-to-right and right-to-left marks, the byte-order mark, the soft
 * hyphen, tag characters), every default-ignorable code point (variation selectors, the combining
 * grapheme joiner, Mongolian free variation selectors, Hangul fillers: a renderer draws nothing for
 * them, while a URL parser drops them and reads `paypal\uFE00.com` as paypal.com), line and
 * paragraph separators, and the Braille blank.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029\u2800]/gu;

/** A full stop and the look-alikes that browsers and mail readers take as one between domain labels. */
const DOT = '[.\\u3002\\uFF0E\\uFF61]';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}\\p{M}-]*[\\p{L}\\p{N}\\p{M}])?';

/**
 * Something a reader, a mail program or a messaging app would take for a link: a URL with a scheme
 * (`https://`, `mailto:`…), anything starting `www.`, an e-mail address, an IPv4 address, or a
 * domain name (labels joined by dots, ending in a label of two or more letters, such as
 * `evil.example` or `xn--80ak6aa92e.com`).
 */
const LINK = new RegExp(
  [
    '\\b[a-z][a-z0-9+.-]*:\\/\\/\\S*',
    '\\b(?:mailto|tel|sms|javascript|data|file):\\S*',
    `\\bwww${DOT}\\S*`,
    '\\S+@\\S+',
    `\\b\\d{1,3}(?:${DOT}\\d{1,3}){3}\\b`,
    `${LABEL}(?:${DOT}${LABEL})*${DOT}(?:\\p{L}{2,}|xn--[a-z0-9-]+)(?![\\p{L}\\p{N}])\\S*`,
  ].join('|'),
  'giu',
);

/**
 * Every kind of link above holds one of these: a scheme's colon, an address's @ or a dot between
 * labels. Text without any (most names) cannot match LINK, and is not run through it: LINK's first
 * two runs cost a phone about 40 ms of compiling (V8 builds its Unicode letter classes then), a
 * long task on every page that shows a student's name.
 */
const LINK_MARK = new RegExp(`[:@]|${DOT}`);

function holdsLink(normalized: string): boolean {
  if (!LINK_MARK.test(normalized)) return false;
  LINK.lastIndex = 0;
  return LINK.test(normalized);
}

/** Whether typed text holds anything a reader could follow as a link (a URL, a domain, an address). */
export function hasLinkOrDomain(text: string): boolean {
  return holdsLink(text.normalize('NFKC').replace(INVISIBLE, ''));
}

/** Whether typed text holds an invisible or direction-changing character. */
export function hasInvisibleCharacter(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(text);
}

/**
 * Typed text as it is kept: invisible and direction-changing characters removed (a control such
 * as a tab or line break becomes a space), runs of spaces made one, the ends trimmed.
 */
export function tidyTypedText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Typed text fit to pass on in our name (an e-mail, a receipt, a text, a link preview): tidied, and
 * with anything a reader could follow as a link taken out. Text kept before the rule existed goes
 * through it too, so what a stranger typed then cannot reach anyone now.
 */
export function safeTypedText(text: string): string {
  const tidy = tidyTypedText(text).normalize('NFKC');
  LINK.lastIndex = 0;
  const unlinked = LINK_MARK.test(tidy) ? tidy.replace(LINK, ' ') : tidy;
  return unlinked.replace(/\s+/g, ' ').trim();
}

/** The message for a name that holds a link or a domain (the forms and the server alike). */
export const TYPED_TEXT_MESSAGES = {
  nameLink: 'Please enter a name without a web address.',
  checkNumber: 'Please enter the check number only.',
} as const;
