/**
 * The company's own calls (registered through registry.ts, special-routes.ts contract):
 *
 *   GET  /api/Company/GetDefaultCompany   §7 { Name, Logo, LogoFileType } of the default company (LogoFileType
 *        outside pdf/png/jpeg/gif answered as image/png, §3); 404 CallResult when none.
 *   POST /api/data/company/:id/logo       multipart logo upload (≤ 5 MB): type detected from the bytes (PDF,
 *        PNG, JPG, GIF, BMP; else 400 'File format or type not supported.'), stored base64 with its type,
 *        version bumped and audited (the logo masked) in one transaction → CallResult (Data: record). The
 *        route is `/api/data/:entity/:id/logo` so it sits beside the generic record routes; any other entity
 *        is answered 404.
 */
import multipart from '@fastify/multipart';
import { company } from '../../definitions/company.ts';
import { apiSchema, callResult, NO_QUERY, object, RECORD, text } from '@erp/server/http/schemas';
import { badRequest, failureAnswer, notFound } from '@erp/server/entities/answers';
import { readUpload } from '@erp/server/entities/attachments';
import { recordParams } from '@erp/server/entities/schemas';
import { writeAudit } from '@erp/server/entities/audit';
import { message } from '@erp/server/entities/labels';
import { detectFileType, intactPng } from '@erp/server/entities/magic';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { loadRecord, visibleRecord } from '@erp/server/entities/wire';
import { shellDb } from '../tables.generated.ts';

/** §3: the logo types the portal shows as they are; anything else is shown as PNG. */
const LOGO_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif']);
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

const tags = [company.name];
const DEFAULT_COMPANY_SCHEMA = apiSchema({
  summary: '§7 the default company: name and logo',
  tags,
  querystring: NO_QUERY,
  response: { 200: object({ Name: text(200), Logo: { type: ['string', 'null'] }, LogoFileType: text(100) }) },
});
const LOGO_SCHEMA = apiSchema({
  summary: 'Upload the company logo (multipart/form-data, field `file`)',
  tags,
  params: recordParams,
  querystring: NO_QUERY,
  upload: true,
  response: { 200: callResult(RECORD) },
});

export const companyRoutes: EntityRoutes = async (app, { database, contextFor }) => {
  const db = database.db;

  app.get('/api/Company/GetDefaultCompany', { schema: DEFAULT_COMPANY_SCHEMA }, async (request, reply) => {
    if (Object.keys((request.query ?? {}) as object).length > 0) return sendAnswer(reply, badRequest('no query parameters'));
    const row = (await db
      .selectFrom('companies' as never)
      .select(['name', 'logo', 'logo_file_type'] as never[])
      .orderBy('is_default' as never, 'desc')
      .orderBy('company_id' as never)
      .executeTakeFirst()) as { name: string; logo: string | null; logo_file_type: string | null } | undefined;
    if (!row) return sendAnswer(reply, notFound());
    const type = row.logo_file_type && LOGO_TYPES.has(row.logo_file_type) ? row.logo_file_type : 'image/png';
    return reply.header('cache-control', 'no-store').send({ Name: row.name, Logo: row.logo, LogoFileType: type });
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, files: 1 } });
    scope.post<{ Params: { entity: string; id: string } }>('/api/data/:entity/:id/logo', { schema: LOGO_SCHEMA }, async (request, reply) => {
      if (request.params.entity !== company.name) return sendAnswer(reply, failureAnswer(404, 'not_found', 'Not Found'));
      const found = await contextFor(request, reply, 'write');
      if (!found) return reply;
      const { ctx } = found;
      // A company's key is text (definitions/company.ts): the route's id as such.
      const id = String(found.id);
      if (ctx.access.hidden.has('Logo') || ctx.access.readOnly.has('Logo')) return sendAnswer(reply, failureAnswer(403, 'forbidden', message('entities:result.forbidden')));
      const upload = await readUpload(request, MAX_LOGO_BYTES);
      if ('status' in upload) return sendAnswer(reply, upload);
      const type = detectFileType(upload.bytes);
      // A PNG is drawn on every PDF's letterhead: its pixels must decode (magic.ts intactPng).
      if (!type || (type.kind === 'png' && !intactPng(upload.bytes))) return sendAnswer(reply, failureAnswer(400, 'unsupported_file_type', message('entities:attachments.unsupported')));
      const userId = ctx.user.userId;
      const logo = upload.bytes.toString('base64');
      await shellDb(ctx.db).transaction().execute(async (trx) => {
        const current = await trx.selectFrom('companies').select(['version', 'logo_file_type']).where('company_id', '=', id).executeTakeFirstOrThrow();
        const now = new Date().toISOString();
        await trx
          .updateTable('companies')
          .set({ logo, logo_file_type: type.contentType, updated_by: userId, updated_on: now, version: Number(current.version) + 1 })
          .where('company_id', '=', id)
          .where('version', '=', current.version)
          .execute();
        await writeAudit(
          trx,
          [
            { table: 'companies', idName: 'company_id', idValue: id, column: 'logo', old: 'logo', new: 'logo', action: 'update', mask: true },
            { table: 'companies', idName: 'company_id', idValue: id, column: 'logo_file_type', old: current.logo_file_type, new: type.contentType, action: 'update' },
          ],
          userId,
          now,
        );
      });
      const record = await loadRecord(ctx.db, ctx.def, id);
      return reply.header('cache-control', 'no-store').send({
        ResultStatus: 1,
        ResultCode: 'updated',
        Message: message('entities:result.updated'),
        EntityId: id,
        Exception: null,
        Data: record ? visibleRecord(ctx.def, record, ctx.access.hidden) : null,
      });
    });
  });
};
