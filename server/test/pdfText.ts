import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The text a PDF reader finds in a file, page by page, one line per text line. Read with pdf.js,
 * an independent reader, so the test does not trust our own writer to say what it wrote.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes the buffer over; give it a copy.
  const loadingTask = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 });
  try {
    const doc = await loadingTask.promise;
    const pages: string[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const content = await (await doc.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return pages.join('\n');
  } finally {
    // pdf.js 6 destroys a document through the task that loaded it.
    await loadingTask.destroy();
  }
}
