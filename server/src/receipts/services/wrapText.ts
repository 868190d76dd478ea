const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Splits text into lines no wider than `width` as `widthOf` measures them, at spaces, and within a
 * word too long for a line of its own (between characters, never inside one).
 */
export function wrapText(text: string, width: number, widthOf: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = Array.from(graphemes.segment(word), ({ segment }) => segment);
    while (rest.length > 1 && widthOf(rest.join('')) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && widthOf(rest.slice(0, cut).join('')) > width) cut--;
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    line = rest.join('');
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}
