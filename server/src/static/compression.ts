/**
 * The front end's files sent compressed to a browser that accepts it (issue 69 item 3: a customer's first visit on
 * a slow mobile link downloaded the shell's and the portal's 780 KB of JavaScript as is; brotli sends about a
 * quarter of it).
 *
 * - `acceptedEncoding(header)`: `br`, else `gzip`, else null, by the request's Accept-Encoding (`;q=0` refuses one).
 * - `compressStaticFiles(scope)`: an onSend hook for the static mounts (static/routes.ts). A whole file (200, no
 *   range) of a compressible type and at least 1 KiB goes out compressed, with `Vary: Accept-Encoding` (also on
 *   the plain answers of those types, so a shared cache keeps them apart). The compressed bytes are kept per URL
 *   path, ETag (which changes with the file's size or time) and encoding, within `KEPT_BYTES`: each version of a
 *   file is compressed once (brotli quality 6: ~10 ms for React's 200 KB, within 10 % of quality 11's size at 1/60
 *   of its time — the first visitor after a start does not wait for it). The weak ETag stays as it is (the same
 *   content in another coding, as nginx does), so a revalidation answers 304 whichever coding the browser holds.
 * - `sendCompressed(request, reply, body)`: a page made per request (the shell page, the service worker): compressed
 *   with the fast settings when the browser accepts it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|importmap\+json|xml)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
/** The compressed copies kept in memory: the whole front end in both codings is a few MB. */
const KEPT_BYTES = 64 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function brotliOptions(size: number, quality: number) {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size } };
}

/** The coding to answer in: brotli, else gzip, else none (`identity`). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((found) => found !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (coding: Encoding) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

function compressible(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(list)) reply.header('vary', list ? `${list}, Accept-Encoding` : 'Accept-Encoding');
}

function markCompressed(reply: FastifyReply, encoding: Encoding, body: Buffer): Buffer {
  reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  reply.removeHeader('accept-ranges');
  return body;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Compressed copies by `<encoding> <path> <etag>`, oldest first (a Map keeps its insertion order). */
class KeptCopies {
  private readonly copies = new Map<string, Buffer>();
  private bytes = 0;

  get(key: string): Buffer | undefined {
    return this.copies.get(key);
  }

  set(key: string, body: Buffer): void {
    const old = this.copies.get(key);
    if (old) {
      this.bytes -= old.length;
      this.copies.delete(key);
    }
    this.copies.set(key, body);
    this.bytes += body.length;
    for (const [oldest, kept] of this.copies) {
      if (this.bytes <= KEPT_BYTES) break;
      this.copies.delete(oldest);
      this.bytes -= kept.length;
    }
  }
}

/** Registers the onSend hook on the scope that serves the static mounts. */
export function compressStaticFiles(scope: FastifyInstance): void {
  const kept = new KeptCopies();
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || !compressible(reply)) return payload;
    addVary(reply);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const etag = reply.getHeader('etag');
    if (!encoding || typeof etag !== 'string' || reply.getHeader('content-range') !== undefined || reply.getHeader('content-encoding') !== undefined) {
      return payload;
    }
    const key = `${encoding} ${request.url.split('?', 1)[0]} ${etag}`;
    const copy = kept.get(key);
    if (copy) {
      if (payload instanceof Readable) payload.destroy();
      return markCompressed(reply, encoding, copy);
    }
    const body = payload instanceof Readable ? await readAll(payload) : typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer | null);
    if (!body) return payload;
    if (body.length < MIN_BYTES) return body;
    const compressed = encoding === 'br' ? await brotli(body, brotliOptions(body.length, 6)) : await gzipAsync(body, { level: 6 });
    kept.set(key, compressed);
    return markCompressed(reply, encoding, compressed);
  });
}

/** A page made per request, compressed (fast settings) when the browser accepts it and it is worth it. */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string): FastifyReply {
  addVary(reply);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const bytes = Buffer.from(body);
  if (!encoding || bytes.length < MIN_BYTES) return reply.send(body);
  const compressed = encoding === 'br' ? brotliCompressSync(bytes, brotliOptions(bytes.length, 4)) : gzipSync(bytes, { level: 6 });
  return reply.send(markCompressed(reply, encoding, compressed));
}
