/**
 * A multipart upload's body, read once per request (issue 68 item 4). The Idempotency-Key layer reads it before
 * the handler to hash the whole request — every file's bytes and name, every field — and the handler's
 * `readUpload` (entities/attachments.ts) then takes the same parts: the stream can be read only once.
 *
 * - `multipartBody(request)`: the parts in order, each file buffered (the scope's @fastify/multipart limits hold:
 *   file size and file count), or why the body could not be read (`one_file`, `too_large`, `unreadable`);
 *   cached on the request, so a second call answers the first's result.
 * - `multipartDigest(body)`: what the key's request hash takes from it — files as field name, file name and
 *   SHA-256 of the bytes, fields as name and value, in the order sent. The part's declared content type is left
 *   out: the server goes by the bytes (magic.ts), so it changes nothing the request does.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export interface UploadedPart {
  kind: 'file' | 'field';
  field: string;
  /** The file's name as sent (files only). */
  fileName?: string | undefined;
  /** The file's bytes (files), or the field's value as UTF-8. */
  bytes: Buffer;
}

export type MultipartBody = { ok: true; parts: UploadedPart[] } | { ok: false; reason: 'one_file' | 'too_large' | 'unreadable' };

const read = new WeakMap<FastifyRequest, Promise<MultipartBody>>();

/** Whether the route takes a multipart upload (`apiSchema({ upload: true })` declares `consumes`). */
export function takesUpload(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.includes('multipart/form-data');
}

async function readParts(request: FastifyRequest): Promise<MultipartBody> {
  const parts: UploadedPart[] = [];
  try {
    // fileSize and files: the scope's registration (each upload route's own limit).
    for await (const part of request.parts({ limits: { fields: 10, parts: 20 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) return { ok: false, reason: 'too_large' };
        parts.push({ kind: 'file', field: part.fieldname, fileName: part.filename, bytes });
      } else {
        parts.push({ kind: 'field', field: part.fieldname, bytes: Buffer.from(String(part.value ?? ''), 'utf8') });
      }
    }
  } catch (error) {
    const { statusCode: status, code } = error as { statusCode?: number; code?: string };
    if (code === 'FST_FILES_LIMIT') return { ok: false, reason: 'one_file' };
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (status === 413 && code !== 'FST_PARTS_LIMIT' && code !== 'FST_FIELDS_LIMIT')) return { ok: false, reason: 'too_large' };
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, parts };
}

/** The request's multipart body (see the header); read at the first call. */
export function multipartBody(request: FastifyRequest): Promise<MultipartBody> {
  let body = read.get(request);
  if (!body) {
    body = readParts(request);
    read.set(request, body);
  }
  return body;
}

/** The parts as the request hash takes them (see the header). */
export function multipartDigest(parts: readonly UploadedPart[]): string {
  return JSON.stringify(
    parts.map((part) => [part.kind, part.field, part.fileName ?? null, createHash('sha256').update(part.bytes).digest('base64url')]),
  );
}
