/**
 * File types by content (§5 Attachments: PDF, BMP, GIF, JPG, PNG), never by name or by the declared
 * content type: the first bytes ("magic numbers") decide.
 */

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
