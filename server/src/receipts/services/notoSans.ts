import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * Noto Sans (SIL OFL 1.1, from @expo-google-fonts/noto-sans): Latin with Vietnamese, Greek and
 * Cyrillic. The files are resolved as package paths, not relative to this file, so they are found
 * alike from the source and from the bundle in server/dist.
 */
const { resolve } = createRequire(import.meta.url);
const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};
type Face = keyof typeof FILES;

/** The names `registerNotoSans` gives the faces in a document, for `doc.font(name)`. */
export const NOTO_SANS: Record<Face, string> = { regular: 'NotoSans-Regular', bold: 'NotoSans-Bold' };

/**
 * The `features` to draw and measure Noto Sans text with: fontkit's default shaping without ccmp,
 * and without the features a receipt's one-line Latin, Greek and Cyrillic text does without.
 * - ccmp: Noto's draws 'ẹ ị ọ ụ' (Vietnamese) as the bare letter plus a separate dot below, and
 *   pdfkit's text layer maps such a pair back to the letter alone: a reader copies 'Thị' as 'Thi',
 *   and had 'ị' come before any plain 'i', every 'i' in the file would copy as 'ị'. Without it, the
 *   font's own precomposed glyphs are drawn (printableText composes the text first, NFC).
 * - kerning, ligatures and contextual forms (kern, liga, clig, calt, rclt, curs, locl, rlig): each is
 *   a pass of fontkit's over every glyph, for a receipt about a fifth of its CPU (15 → 12 ms), which a
 *   rush of payments spends on the API's one thread (bench/RESULTS.md, Rush); a receipt set without
 *   them reads the same, and 'fi' copies as 'fi'. Marks (mark, mkmk) stay: a letter with a combining
 *   mark that has no precomposed glyph still gets its mark placed.
 * Fontkit takes a map of features to turn off; @types/pdfkit only knows a list of features to add.
 */
export const NOTO_SANS_FEATURES = {
  ccmp: false,
  kern: false,
  liga: false,
  clig: false,
  calt: false,
  rclt: false,
  curs: false,
  locl: false,
  rlig: false,
} as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/** The fontkit font pdfkit draws a face with: `doc._font.font`, which @types/pdfkit leaves out. */
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  /** fontkit's glyphs by id, each with the characters it was first made for. */
  _glyphs: Record<number, unknown>;
}
const fontkitFontOf = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: { font: FontkitFont } })._font.font;

let files: Promise<Record<Face, Uint8Array>> | undefined;
const parsed: Partial<Record<Face, FontkitFont>> = {};

/**
 * Registers Noto Sans Regular and Bold in `doc` under NOTO_SANS's names; says whether both faces can
 * draw a code point. The files are read once per process, and parsed once: pdfkit takes the fontkit
 * font it parsed for the first document in place of the file (pdfkit 0.20), which spares every
 * later receipt parsing 600 KB of font tables again (about 0.1 s of CPU each).
 */
export async function registerNotoSans(doc: PDFKit.PDFDocument): Promise<(codePoint: number) => boolean> {
  files ??= Promise.all([readFile(resolve(FILES.regular)), readFile(resolve(FILES.bold))]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  const bytes = await files;
  const faces = (['regular', 'bold'] as const).map((face) => {
    // A glyph keeps the characters fontkit first made it for, and pdfkit's text layer maps the glyph
    // to them. Embedding an 'Á' made its component 'A' with none, so a later receipt's 'A' (Spanish's
    // "A cambio de su contribución…") copied as another character: each document starts afresh.
    const cached = parsed[face];
    if (cached) cached._glyphs = {};
    const source = cached ?? bytes[face];
    doc.registerFont(NOTO_SANS[face], source as PDFKit.Mixins.PDFFontSource);
    return (parsed[face] = fontkitFontOf(doc.font(NOTO_SANS[face])));
  });
  return (codePoint) => faces.every((font) => font.hasGlyphForCodePoint(codePoint));
}
