import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfContent {
  pages: number;
  /** The text of every page as a reader extracts it, lines joined with newlines. */
  text: string;
  info: Record<string, unknown>;
}

/** Reads a PDF as a reader (and a copy-paste) sees it, with Mozilla's pdf.js. */
export async function readPdf(bytes: Buffer | Uint8Array): Promise<PdfContent> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    const metadata = await document.getMetadata();
    return { pages: document.numPages, text: texts.join('\n'), info: metadata.info as Record<string, unknown> };
  } finally {
    await document.destroy();
  }
}
