/**
 * File types by content (§5 Attachments: PDF, BMP, GIF, JPG, PNG), never by name or by the declared
 * content type: the first bytes ("magic numbers") decide. `intactPng` goes further for an image the server
 * itself draws (the company logo on every PDF): its compressed pixels must inflate.
 */
import { inflateSync } from 'node:zlib';

export interface DetectedFile {
  kind: 'pdf' | 'bmp' | 'gif' | 'jpg' | 'png';
  contentType: 'application/pdf' | 'image/bmp' | 'image/gif' | 'image/jpeg' | 'image/png';
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: readonly [readonly number[], DetectedFile][] = [
  [ascii('%PDF-'), { kind: 'pdf', contentType: 'application/pdf' }],
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], { kind: 'png', contentType: 'image/png' }],
  [ascii('GIF87a'), { kind: 'gif', contentType: 'image/gif' }],
  [ascii('GIF89a'), { kind: 'gif', contentType: 'image/gif' }],
  [[0xff, 0xd8, 0xff], { kind: 'jpg', contentType: 'image/jpeg' }],
];

/** The type of a file from its first bytes, or null when it is none of the allowed types. */
export function detectFileType(bytes: Uint8Array): DetectedFile | null {
  for (const [signature, type] of SIGNATURES) if (startsWith(bytes, signature)) return type;
  // BMP: "BM", and the header's file size field (bytes 2-5, little-endian) is at least the 14-byte
  // file header plus a DIB header, so two letters "BM" at the start of a text file do not pass.
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const dibSize = view.getUint32(14, true);
    if ([12, 40, 52, 56, 64, 108, 124].includes(dibSize)) return { kind: 'bmp', contentType: 'image/bmp' };
  }
  return null;
}

/**
 * True when a PNG's chunks are whole and its image data inflates. pdfkit decodes a PNG's pixels later, in a zlib
 * callback whose error no caller can catch: a logo with a corrupt data stream stopped the server at its first PDF.
 */
export function intactPng(bytes: Uint8Array): boolean {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < 8 + 25 || data.toString('latin1', 12, 16) !== 'IHDR') return false;
  const idat: Buffer[] = [];
  let end = false;
  for (let at = 8; at + 12 <= data.length && !end; ) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > data.length) return false;
    if (type === 'IDAT') idat.push(data.subarray(at + 8, at + 8 + length));
    end = type === 'IEND';
    at += 12 + length;
  }
  if (!end || idat.length === 0) return false;
  try {
    inflateSync(Buffer.concat(idat));
    return true;
  } catch {
    return false;
  }
}
