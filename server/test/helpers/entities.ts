/**
 * Helpers for the entity (generic data route) tests: JSON calls with a bearer token, multipart bodies,
 * and small files of each kind, made in code.
 */
import type { FastifyInstance } from 'fastify';
import { drawPng } from '../../src/entities/png.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call with a bearer token; `payload` is sent as JSON (strings as they are). */
export async function call(app: FastifyInstance, method: Method, url: string, token: string, payload?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
}

/** The JSON calls of one user: `const as = (token) => caller(app, token); as(clerk).get(url)`. */
export function caller(app: FastifyInstance, token: string) {
  return {
    get: (url: string) => call(app, 'GET', url, token),
    post: (url: string, body: unknown) => call(app, 'POST', url, token, body),
    put: (url: string, body: unknown) => call(app, 'PUT', url, token, body),
    delete: (url: string) => call(app, 'DELETE', url, token),
  };
}

/** A multipart/form-data body with one file field. */
export function multipart(fileName: string, bytes: Buffer, contentType = 'application/octet-stream', field = 'file') {
  const boundary = `----erp${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(app: FastifyInstance, url: string, token: string, fileName: string, bytes: Buffer, contentType?: string) {
  const body = multipart(fileName, bytes, contentType);
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Tiny valid-looking files of each allowed kind (their first bytes are what counts). */
export const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: drawPng(4, 4, () => [200, 30, 30]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  bmp: (() => {
    const bytes = Buffer.alloc(58);
    bytes.write('BM', 0, 'ascii');
    bytes.writeUInt32LE(58, 2);
    bytes.writeUInt32LE(54, 10);
    bytes.writeUInt32LE(40, 14);
    bytes.writeInt32LE(1, 18);
    bytes.writeInt32LE(1, 22);
    bytes.writeUInt16LE(1, 26);
    bytes.writeUInt16LE(24, 28);
    return bytes;
  })(),
  text: Buffer.from('Just some notes, not a picture.\n'),
};

/** A demo sales order's body for today (the public API's tests: a client's order, a webhook's event). */
export function salesOrderBody(billTo: string, shipTo: string) {
  const today = new Date().toISOString().slice(0, 10);
  return {
    OrderDate: today,
    BillToId: billTo,
    ShipToId: shipTo,
    WarehouseId: 'TOR-01',
    DeliveryDate: today,
    Lines: [{ ProductId: 'AL-6061-SH125', Quantity: '2.0000' }],
  };
}
