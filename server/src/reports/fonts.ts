/**
 * Fonts of the server-rendered PDFs. Latin text (en-CA, fr-CA and every figure) uses the PDF standard font
 * Helvetica (WinAnsi: accents included, nothing embedded, fast). Text with a character WinAnsi cannot write
 * (Chinese headings in zh-CN and zh-TW, names typed in Chinese) uses Noto Sans SC from the npm package
 * `@fontsource/noto-sans-sc` (SIL Open Font License; its one-file "all" cut covers Simplified and Traditional
 * Chinese), embedded as a subset of the glyphs used (pdfkit + fontkit), so a PDF carries tens of kB of font.
 *
 * The package ships WOFF 1.0; fontkit misreads that file's large cmap, so it is unpacked once to a plain
 * OpenType (sfnt) buffer here (WOFF 1.0 is a table directory of zlib-compressed tables), parsed once per
 * process and shared by every document (pdfkit makes its own subset per document).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
const CJK_FONT_FILE = '@fontsource/noto-sans-sc/files/noto-sans-sc-all-400-normal.woff';

/** A WOFF 1.0 file as the sfnt (TrueType/OpenType) it wraps. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const original = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compressed < original ? inflateSync(raw) : raw };
  });
  const headerSize = 12 + 16 * count;
  const size = tables.reduce((total, t) => total + ((t.data.length + 3) & ~3), headerSize);
  const out = Buffer.alloc(size);
  let power = 1;
  let log = 0;
  while (power * 2 <= count) {
    power *= 2;
    log++;
  }
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(log, 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  let position = headerSize;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(table.tag, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(position, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, position);
    position += (table.data.length + 3) & ~3;
  });
  return out;
}

let cjk: fontkit.Font | null = null;

/** Noto Sans SC, parsed once. */
export function cjkFont(): fontkit.Font {
  if (!cjk) {
    const parsed = fontkit.create(woffToSfnt(readFileSync(require.resolve(CJK_FONT_FILE))));
    if (!('layout' in parsed)) throw new Error('the CJK font file is a collection');
    cjk = parsed;
  }
  return cjk;
}

/** Characters of Windows-1252 beyond Latin-1 (the standard fonts' WinAnsi encoding). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Whether Helvetica (WinAnsi) can write `text`. */
export function isWinAnsi(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) continue;
    if (!WIN_ANSI_EXTRA.has(char)) return false;
  }
  return true;
}
