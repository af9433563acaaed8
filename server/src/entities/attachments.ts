/**
 * §5 attachments on any record of an entity that allows them (definition `attachments`, default true):
 *   POST   /api/data/:entity/:id/attachments          multipart, exactly one file → 201 CallResult (Data: the attachment)
 *   GET    /api/data/:entity/:id/attachments          → CallResult with List (ResultStatus 6 when none)
 *   GET    /api/data/:entity/:id/attachments/:key     → the file (§7 file-download variant)
 *   DELETE /api/data/:entity/:id/attachments/:key     → CallResult
 * Rules: the type is detected from the content (magic.ts) — PDF, BMP, GIF, JPG, PNG, anything else
 * 400 'File format or type not supported.'; at most 25 MB (26,214,400 bytes), more is 413; the same file
 * name twice on one record (whatever its letter case) is 400 'A file with the same name cannot be uploaded twice.';
 * names are NFC and may not carry invisible or control characters (400 'bad_file_name'); a request with
 * more than one file is refused (400 'one_file'). Uploading and
 * deleting need write rights on the entity, listing and downloading read rights; the record must exist
 * and be visible to the caller. The bytes are stored in the database; each upload and delete writes its
 * audit row in the same transaction.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { basename } from 'node:path';
import { writeAudit } from './audit.ts';
import { message } from './labels.ts';
import { detectFileType } from './magic.ts';
import { multipartBody } from '../exactly-once/multipart.ts';
import { constraintAnswer, failureAnswer, notFound, type Answer } from './service.ts';
import type { EntityContext } from './hooks.ts';
import { ENTITY_SCHEMAS } from './schemas.ts';

/** §9 attachment limit: 25 MB. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export type ContextFor = (
  request: import('fastify').FastifyRequest,
  reply: FastifyReply,
  need: 'read' | 'write',
) => Promise<{ ctx: EntityContext; id: string | number } | null>;

function send(reply: FastifyReply, answer: Answer) {
  return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Characters a file name may never carry (issue #11): C0/C1 controls, format characters (the bidi
 * overrides and isolates that make `invoice\u202efdp.exe` show as "invoiceexe.pdf", zero-width joiners
 * and spaces, the byte-order mark), line and paragraph separators, surrogates, private-use and unassigned
 * code points. They are refused, not removed: a name is shown as the user will see it, or not at all.
 */
const FORBIDDEN_IN_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/u;

/**
 * A file name as stored: Unicode NFC, the last path segment, trimmed; null when empty, only dots, longer
 * than 255 characters or carrying a FORBIDDEN_IN_NAME character.
 */
export function cleanFileName(name: string | undefined): string | null {
  if (!name) return null;
  const normalized = name.normalize('NFC');
  if (FORBIDDEN_IN_NAME.test(normalized)) return null;
  const last = basename(normalized.replace(/\\/g, '/')).trim();
  if (last === '' || /^\.+$/.test(last) || last.length > 255) return null;
  return last;
}

/**
 * The key two names are "the same name" by (issue #11): compatibility-normalized and case-folded, so
 * `Invoice.PDF`, `invoice.pdf` and `ｉｎｖｏｉｃｅ.pdf` are one name on a record.
 */
export function fileNameKey(name: string): string {
  return name.normalize('NFKC').toLocaleUpperCase('en-CA').toLocaleLowerCase('en-CA');
}

/**
 * Reads the one uploaded file (at most `limit` bytes): its name and bytes, or the answer to give. The
 * whole multipart body is read: a request with a second file is refused (400 'one_file'), never answered
 * 201 with the second file silently dropped. The body is read once per request (exactly-once/multipart.ts):
 * the Idempotency-Key layer may have read it first to hash the file.
 */
export async function readUpload(
  request: import('fastify').FastifyRequest,
  limit: number,
): Promise<{ fileName: string; bytes: Buffer } | Answer> {
  if (!request.isMultipart()) return failureAnswer(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
  const body = await multipartBody(request);
  if (!body.ok) {
    if (body.reason === 'one_file') return failureAnswer(400, 'one_file', message('entities:attachments.oneFile'));
    if (body.reason === 'too_large') return failureAnswer(413, 'payload_too_large', message('entities:attachments.tooLarge'));
    return failureAnswer(400, 'bad_request', 'Bad request: the multipart body could not be read.');
  }
  const found = body.parts.findLast((part) => part.kind === 'file');
  if (!found) return failureAnswer(400, 'no_file', message('entities:attachments.noFile'));
  if (found.bytes.length > limit) return failureAnswer(413, 'payload_too_large', message('entities:attachments.tooLarge'));
  const fileName = cleanFileName(found.fileName);
  if (!fileName) return failureAnswer(400, 'bad_file_name', message('entities:attachments.badName'));
  if (found.bytes.length === 0) return failureAnswer(400, 'no_file', message('entities:attachments.noFile'));
  return { fileName, bytes: found.bytes };
}

function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

function attachmentOf(row: Record<string, unknown>) {
  return {
    AttachmentKey: Number(row['attachment_key']),
    FileName: String(row['file_name']),
    ContentType: String(row['content_type']),
    Size: Number(row['size']),
    CreatedBy: String(row['created_by']),
    CreatedOn: String(row['created_on']),
  };
}

function parseKey(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const key = Number(raw);
  return key >= 1 && key <= 2147483647 ? key : null;
}

const unsupportedEntity = () => failureAnswer(404, 'not_found', 'Not Found');

export async function registerAttachmentRoutes(app: FastifyInstance, contextFor: ContextFor): Promise<void> {
  // Multipart only here (an encapsulated scope): JSON routes keep refusing other content types.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1 } });

    scope.post<{ Params: { entity: string; id: string } }>('/api/data/:entity/:id/attachments', { schema: ENTITY_SCHEMAS.upload }, async (request, reply) => {
      const found = await contextFor(request, reply, 'write');
      if (!found) return reply;
      const { ctx, id } = found;
      if (!ctx.def.attachments) return send(reply, unsupportedEntity());
      const upload = await readUpload(request, MAX_ATTACHMENT_BYTES);
      if (isAnswer(upload)) return send(reply, upload);
      const type = detectFileType(upload.bytes);
      if (!type) return send(reply, failureAnswer(400, 'unsupported_file_type', message('entities:attachments.unsupported')));
      const recordId = String(id);
      // The same name twice on one record is refused whatever its letter case (fileNameKey).
      const wanted = fileNameKey(upload.fileName);
      const existing = (await ctx.db
        .selectFrom('attachments')
        .select('file_name')
        .where('entity', '=', ctx.def.name)
        .where('record_id', '=', recordId)
        .execute()) as { file_name: string }[];
      const duplicate = existing.some((row) => fileNameKey(row.file_name) === wanted);
      const duplicateAnswer = () => failureAnswer(400, 'duplicate_file_name', message('entities:attachments.duplicateName'));
      if (duplicate) return send(reply, duplicateAnswer());
      const userId = ctx.user.userId;
      try {
        const row = await ctx.db.transaction().execute(async (trx) => {
          const now = new Date().toISOString();
          const inserted = (await trx
            .insertInto('attachments')
            .values({
              entity: ctx.def.name,
              record_id: recordId,
              file_name: upload.fileName,
              content_type: type.contentType,
              size: upload.bytes.length,
              content: upload.bytes,
              created_by: userId,
              created_on: now,
              updated_by: userId,
              updated_on: now,
              version: 1,
            })
            .returning(['attachment_key', 'file_name', 'content_type', 'size', 'created_by', 'created_on'])
            .executeTakeFirstOrThrow()) as Record<string, unknown>;
          await writeAudit(
            trx,
            [
              {
                table: 'attachments',
                idName: 'attachment_key',
                idValue: Number(inserted['attachment_key']),
                column: 'file_name',
                old: null,
                new: upload.fileName,
                action: 'insert',
                rootTable: ctx.def.table,
                rootId: id,
              },
            ],
            userId,
            now,
          );
          return inserted;
        });
        return reply
          .code(201)
          .header('cache-control', 'no-store')
          .send({ ResultStatus: 1, ResultCode: 'created', Message: null, EntityId: Number(row['attachment_key']), Exception: null, Data: attachmentOf(row) });
      } catch (error) {
        const answer = constraintAnswer(error);
        if (!answer) throw error;
        return send(reply, answer.status === 400 ? duplicateAnswer() : answer);
      }
    });
  });

  app.get<{ Params: { entity: string; id: string } }>('/api/data/:entity/:id/attachments', { schema: ENTITY_SCHEMAS.attachments }, async (request, reply) => {
    const found = await contextFor(request, reply, 'read');
    if (!found) return reply;
    const { ctx, id } = found;
    if (!ctx.def.attachments) return send(reply, unsupportedEntity());
    const rows = await ctx.db
      .selectFrom('attachments')
      .select(['attachment_key', 'file_name', 'content_type', 'size', 'created_by', 'created_on'])
      .where('entity', '=', ctx.def.name)
      .where('record_id', '=', String(id))
      .orderBy('attachment_key')
      .execute();
    const list = rows.map((row) => attachmentOf(row as unknown as Record<string, unknown>));
    return reply.header('cache-control', 'no-store').send({
      ResultStatus: list.length > 0 ? 1 : 6,
      ResultCode: list.length > 0 ? 'ok' : 'no_records',
      Message: list.length > 0 ? null : message('entities:result.noRecords'),
      EntityId: id,
      Exception: null,
      List: list,
    });
  });

  app.get<{ Params: { entity: string; id: string; key: string } }>('/api/data/:entity/:id/attachments/:key', { schema: ENTITY_SCHEMAS.download }, async (request, reply) => {
    const found = await contextFor(request, reply, 'read');
    if (!found) return reply;
    const { ctx, id } = found;
    const key = parseKey(request.params.key);
    if (key === null) return send(reply, notFound());
    const row = await ctx.db
      .selectFrom('attachments')
      .select(['file_name', 'content_type', 'size', 'content'])
      .where('attachment_key', '=', key)
      .where('entity', '=', ctx.def.name)
      .where('record_id', '=', String(id))
      .executeTakeFirst();
    if (!row) return send(reply, notFound());
    const bytes = Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content as Uint8Array);
    return reply
      .header('content-type', row.content_type)
      .header('content-disposition', contentDisposition(row.file_name))
      .header('content-length', String(bytes.length))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(bytes);
  });

  app.delete<{ Params: { entity: string; id: string; key: string } }>('/api/data/:entity/:id/attachments/:key', { schema: ENTITY_SCHEMAS.deleteAttachment }, async (request, reply) => {
    const found = await contextFor(request, reply, 'write');
    if (!found) return reply;
    const { ctx, id } = found;
    const key = parseKey(request.params.key);
    if (key === null) return send(reply, notFound());
    const userId = ctx.user.userId;
    const deleted = await ctx.db.transaction().execute(async (trx) => {
      const row = (await trx
        .selectFrom('attachments')
        .select(['file_name'])
        .where('attachment_key', '=', key)
        .where('entity', '=', ctx.def.name)
        .where('record_id', '=', String(id))
        .executeTakeFirst()) as { file_name: string } | undefined;
      if (!row) return false;
      await trx.deleteFrom('attachments').where('attachment_key', '=', key).execute();
      const now = new Date().toISOString();
      await writeAudit(
        trx,
        [{ table: 'attachments', idName: 'attachment_key', idValue: key, column: 'file_name', old: row.file_name, new: null, action: 'delete', rootTable: ctx.def.table, rootId: id }],
        userId,
        now,
      );
      return true;
    });
    if (!deleted) return send(reply, notFound());
    return reply
      .header('cache-control', 'no-store')
      .send({ ResultStatus: 1, ResultCode: 'deleted', Message: message('entities:result.deleted'), EntityId: key, Exception: null });
  });
}

