import path from 'node:path';

const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text a PDF reader (pdf.js) finds in a file, pages joined, runs of white space as one space. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loadingTask = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 });
  try {
    const doc = await loadingTask.promise;
    const pages: string[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const content = await (await doc.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join(' ').replace(/\s+/g, ' ');
  } finally {
    // pdf.js 6 destroys a document through the task that loaded it.
    await loadingTask.destroy();
  }
}
