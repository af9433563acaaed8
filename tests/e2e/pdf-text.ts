/**
 * The text of a PDF, page by page (pages joined by a newline, items by a space), with pdfjs — for tests that
 * check what a downloaded report says (server tests through `app.inject`, e2e tests through a download).
 * The one shared copy: import it rather than writing another.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // Helvetica is a PDF standard font (not embedded): pdfjs reads its metrics from its own folder.
  const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= document.numPages; i++) {
    const content = await (await document.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}
