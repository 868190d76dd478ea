/** What stands in a PDF for a character its font cannot draw. */
export const REPLACEMENT = '?';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` as a font can draw it, one user-perceived character (grapheme) at a time: kept when the
 * font has every code point in it, else its compatibility base letters without their marks
 * (fullwidth 'Ｍ' → 'M') when the font has those, else `REPLACEMENT`, so an emoji sequence or a
 * letter with marks becomes one '?' rather than several. Control characters and line breaks
 * become spaces: every piece of text on a receipt is drawn on one line. `replaced` says whether
 * anything was not drawn as given.
 */
export function printableText(
  text: string,
  canDraw: (codePoint: number) => boolean,
): { text: string; replaced: boolean } {
  const drawable = (value: string) => [...value].every((char) => canDraw(char.codePointAt(0)!));
  let replaced = false;
  const flat = text.normalize('NFC').replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
  const printed = Array.from(graphemes.segment(flat), ({ segment }) => {
    if (drawable(segment)) return segment;
    replaced = true;
    const base = segment.normalize('NFKD').replace(/\p{M}/gu, '');
    return base && drawable(base) ? base : REPLACEMENT;
  }).join('');
  return { text: printed, replaced };
}
