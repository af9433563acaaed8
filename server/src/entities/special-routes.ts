/**
 * Entity endpoints beyond the generic ones:
 *   GET  /api/firm/lookup?FirmId=&Name=     §5 firm lookup: 400 'Enter a Firm ID or Name.' when both are
 *        blank; else up to 50 firms (FirmId starts with, Name contains), CallResult List (6 when none);
 *        restricted users only see their assigned customers.
 *   GET  /api/Company/GetDefaultCompany     §7 { Name, Logo, LogoFileType } of the default company
 *        (LogoFileType outside pdf/png/jpeg/gif answered as image/png, §3); 404 CallResult when none.
 *   POST /api/data/company/:id/logo         multipart logo upload (≤ 5 MB): type detected from the bytes
 *        (PDF, PNG, JPG, GIF, BMP; else 400 'File format or type not supported.'), stored base64 with its
 *        type, version bumped and audited (the logo masked) in one transaction → CallResult (Data: record).
 *   GET  /api/Configuration/GetConfigurationByControlId?controlId=ID   §7 { ControlValue }; 404 CallResult
 *        when unknown. Users who may read the configuration entity read any entry; everyone else (portal
 *        customers) only the entries meant for them (the homepage text) — any other id is answered 404.
 */
import { ENTITY_SCHEMAS } from './schemas.ts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { configuration, MOBILE_HOMEPAGE_TEXT } from '@erp/shared/entities/configuration';
import type { Database } from '../db/connection.ts';
import { canRead } from './access.ts';
import { readUpload, type ContextFor } from './attachments.ts';
import { writeAudit } from './audit.ts';
import { isRestricted } from './firm/assigned.ts';
import type { EntityContext } from './hooks.ts';
import { message } from './labels.ts';
import { detectFileType } from './magic.ts';
import { badRequest, failureAnswer, notFound, type Answer } from './service.ts';
import { loadRecord, visibleRecord } from './wire.ts';

/** Configuration entries every signed-in user may read (the portal's homepage text, §7). */
const PUBLIC_CONTROL_IDS = new Set([MOBILE_HOMEPAGE_TEXT]);

/** §3: the logo types the portal shows as they are; anything else is shown as PNG. */
const LOGO_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif']);
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

interface Deps {
  database: Database;
  contextFor: ContextFor;
  contextOf(request: FastifyRequest, reply: FastifyReply, name: string, need: 'read' | 'write'): Promise<EntityContext | null>;
}

function send(reply: FastifyReply, answer: Answer) {
  return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
}

function singleText(value: unknown, max: number): string | null {
  if (value === undefined) return '';
  // eslint-disable-next-line no-control-regex
  if (typeof value !== 'string' || value.length > max || /[\u0000-\u001f]/.test(value)) return null;
  return value.trim();
}

export async function registerSpecialRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { database, contextFor, contextOf } = deps;
  const db = database.db;

  app.get('/api/firm/lookup', { schema: ENTITY_SCHEMAS.firmLookup }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const extra = Object.keys(query).find((name) => name !== 'FirmId' && name !== 'Name');
    if (extra) return send(reply, badRequest(`Unknown query parameter: ${extra.slice(0, 80)}`));
    const firmId = singleText(query['FirmId'], 20);
    const name = singleText(query['Name'], 100);
    if (firmId === null || name === null) return send(reply, badRequest('FirmId and Name must be short text'));
    if (firmId === '' && name === '') {
      const text = message('entities:firm.rules.idOrName');
      return send(
        reply,
        failureAnswer(400, 'validation_failed', text, {
          Errors: [{ field: 'FirmId', key: 'entities:firm.rules.idOrName', params: {}, message: text }],
        }),
      );
    }
    const ctx = await contextOf(request, reply, 'firm', 'read');
    if (!ctx) return reply;
    let q = ctx.any.selectFrom('firms').select(['firm_id', 'name', 'city', 'is_active', 'is_bill_to', 'is_ship_to', 'is_vendor']);
    if (ctx.hooks.scope) q = await ctx.hooks.scope(ctx, q);
    const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
    const op = database.engine === 'postgres' ? 'ilike' : 'like';
    if (firmId !== '') q = q.where(sql<boolean>`firm_id ${sql.raw(op)} ${`${like(firmId.toUpperCase())}%`} escape '\\'`);
    if (name !== '') q = q.where(sql<boolean>`name ${sql.raw(op)} ${`%${like(name)}%`} escape '\\'`);
    const rows = (await q.orderBy('firm_id').limit(50).execute()) as Record<string, unknown>[];
    const flag = (value: unknown) => value === true || value === 1;
    const list = rows.map((row) => ({
      FirmId: String(row['firm_id']),
      Name: String(row['name']),
      City: row['city'] === null ? null : String(row['city']),
      IsActive: flag(row['is_active']),
      FirmTypes: [
        ...(flag(row['is_bill_to']) ? ['bill-to'] : []),
        ...(flag(row['is_ship_to']) ? ['ship-to'] : []),
        ...(flag(row['is_vendor']) ? ['vendor'] : []),
      ],
    }));
    return reply.header('cache-control', 'no-store').send({
      ResultStatus: list.length > 0 ? 1 : 6,
      ResultCode: list.length > 0 ? 'ok' : 'no_records',
      Message: list.length > 0 ? null : message('entities:result.noRecords'),
      EntityId: null,
      Exception: null,
      List: list,
    });
  });

  app.get('/api/Company/GetDefaultCompany', { schema: ENTITY_SCHEMAS.defaultCompany }, async (request, reply) => {
    if (Object.keys((request.query ?? {}) as object).length > 0) return send(reply, badRequest('no query parameters'));
    const row = (await db
      .selectFrom('companies' as never)
      .select(['name', 'logo', 'logo_file_type'] as never[])
      .orderBy('is_default' as never, 'desc')
      .orderBy('company_id' as never)
      .executeTakeFirst()) as { name: string; logo: string | null; logo_file_type: string | null } | undefined;
    if (!row) return send(reply, notFound());
    const type = row.logo_file_type && LOGO_TYPES.has(row.logo_file_type) ? row.logo_file_type : 'image/png';
    return reply.header('cache-control', 'no-store').send({ Name: row.name, Logo: row.logo, LogoFileType: type });
  });

  app.get('/api/Configuration/GetConfigurationByControlId', { schema: ENTITY_SCHEMAS.configuration }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const extra = Object.keys(query).find((name) => name !== 'controlId');
    if (extra) return send(reply, badRequest(`Unknown query parameter: ${extra.slice(0, 80)}`));
    const controlId = singleText(query['controlId'], 50);
    if (!controlId) return send(reply, badRequest('controlId is required'));
    const user = request.user!;
    if (!canRead(configuration, user) && !PUBLIC_CONTROL_IDS.has(controlId.toUpperCase())) return send(reply, notFound());
    const row = (await db
      .selectFrom('configurations' as never)
      .select(['control_value'] as never[])
      .where('control_id' as never, '=', controlId.toUpperCase() as never)
      .executeTakeFirst()) as { control_value: string | null } | undefined;
    if (!row) return send(reply, notFound());
    return reply.header('cache-control', 'no-store').send({ ControlValue: row.control_value ?? '' });
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, files: 1 } });
    scope.post<{ Params: { entity: string; id: string } }>('/api/data/:entity/:id/logo', { schema: ENTITY_SCHEMAS.logo }, async (request, reply) => {
      if (request.params.entity !== 'company') return send(reply, failureAnswer(404, 'not_found', 'Not Found'));
      const found = await contextFor(request, reply, 'write');
      if (!found) return reply;
      const { ctx, id } = found;
      if (ctx.access.hidden.has('Logo') || ctx.access.readOnly.has('Logo')) return send(reply, failureAnswer(403, 'forbidden', message('entities:result.forbidden')));
      const upload = await readUpload(request, MAX_LOGO_BYTES);
      if ('status' in upload) return send(reply, upload);
      const type = detectFileType(upload.bytes);
      if (!type) return send(reply, failureAnswer(400, 'unsupported_file_type', message('entities:attachments.unsupported')));
      const userId = ctx.user.userId;
      const logo = upload.bytes.toString('base64');
      await ctx.any.transaction().execute(async (trx) => {
        const current = (await trx
          .selectFrom('companies')
          .select(['version', 'logo_file_type'])
          .where('company_id', '=', id)
          .executeTakeFirstOrThrow()) as { version: number; logo_file_type: string | null };
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
      const record = await loadRecord(ctx.any, ctx.def, id);
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
}
