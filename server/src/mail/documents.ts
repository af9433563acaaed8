/**
 * E-mail a document (issue 40 item 4), once for every module: a definition's `email` declaration (the template,
 * the lookup field naming the recipient firm, the placeholders' fields) and its `print` (the PDF attached).
 *
 *   POST /api/data/:entity/:id/email { Confirmations? } (entities/routes.ts)
 *
 * The caller must be able to read the record (its row filters and §6 assigned firms: `readable`) and to run the
 * print report (its rights); the record must be in a print state. The first call asks the §5 question that names
 * the recipient ("E-mail AR000312 to priya@…?"); the confirmed call renders the PDF, sends it through the
 * product's mailer (SMTP: the embedded capture in development and tests) and writes the record's history row
 * (audit action `email`). A firm without an address is refused with §8 "… has no e-mail address.". The
 * Idempotency-Key layer (exactly-once/idempotency.ts) answers a repeated key with the first answer: one mail.
 *
 * Generic code names no module's entity: the module owning the templates registers how a template is filled
 * (`registerMailTemplates`: OE-17 email templates), the module owning the recipient entity how its address is
 * found (`registerRecipients`: the firm's primary contact, else the firm).
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import type { Database } from '../db/connection.ts';
import { writeAudit } from '../entities/audit.ts';
import { BusinessError, callResult, ConfirmationNeeded, answerOf, confirmationsOf, messageIn } from '../entities/call-result.ts';
import { isAnswer, type Answer } from '../entities/answers.ts';
import type { AnyDb, EntityContext } from '../entities/hooks.ts';
import { readable } from '../entities/read.ts';
import { renderReportPdf } from '../reports/render.ts';
import type { Mailer } from './mailer.ts';

/** Where a document goes: the address, the name and the contact greeted. */
export interface Recipient {
  email: string | null;
  name: string;
  contactName: string;
}

/** A module's recipients of one entity (the firm): its key → the recipient, or null when there is none. */
export type RecipientResolver = (db: AnyDb, key: string) => Promise<Recipient | null>;
/** The template filled with the values, or null when there is no active template of that id. */
export type TemplateFiller = (db: AnyDb, templateId: string, values: Readonly<Record<string, string>>) => Promise<{ subject: string; text: string } | null>;

const recipients = new Map<string, RecipientResolver>();
let templates: TemplateFiller | null = null;

export function registerRecipients(entity: string, resolver: RecipientResolver): void {
  recipients.set(entity, resolver);
}

export function registerMailTemplates(filler: TemplateFiller): void {
  templates = filler;
}

/** The confirmation's id: the user said Yes to sending. */
export const EMAIL_CONFIRMATION = 'email';

/** The record's state allows its print (definition `print.states`; any when not given). */
function printable(def: AnyEntity, record: Record<string, unknown>): boolean {
  const states = def.print?.states;
  return !states || (def.states !== null && states.includes(String(record[def.states.field])));
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export async function emailDocument(ctx: EntityContext, database: Database, mailer: Mailer, rawId: string, body: unknown): Promise<Answer> {
  const { def } = ctx;
  const language = ctx.user.row.language;
  const found = await readable(ctx, rawId);
  if (isAnswer(found)) return found;
  const { record } = found;
  const number = text(record[def.numberField] ?? found.id);
  try {
    const spec = def.email;
    const print = def.print;
    if (!spec || !print) throw BusinessError.of(404, 'not_found', 'entities:email.notOffered', { entity: def.name });
    if (!printable(def, record)) throw BusinessError.of(409, 'not_printable', 'entities:email.notPrintable', { number });
    const field = def.fields[spec.to] as { entity?: string };
    const firmKey = text(record[spec.to]);
    const resolver = field.entity ? recipients.get(field.entity) : undefined;
    const recipient = resolver && firmKey !== '' ? await resolver(ctx.any, firmKey) : null;
    const to = recipient?.email?.trim() ?? '';
    if (to === '') throw BusinessError.of(409, 'no_address', 'entities:email.noAddress', { firm: firmKey, number }, spec.to);
    if (!confirmationsOf(body).has(EMAIL_CONFIRMATION)) throw new ConfirmationNeeded(EMAIL_CONFIRMATION, 'entities:email.confirm', { number, to });

    const rendered = await renderReportPdf(database, ctx.user, print.report, { [print.parameter]: text(record[print.field ?? def.key]) });
    if ('refusal' in rendered) return rendered.refusal;
    const company = await ctx.any.selectFrom('companies').select('name').orderBy('is_default', 'desc').orderBy('company_id').limit(1).executeTakeFirst();
    const values: Record<string, string> = {
      CustomerId: firmKey,
      CustomerName: recipient!.name,
      ContactName: recipient!.contactName || recipient!.name,
      CompanyName: text((company as { name?: unknown } | undefined)?.name),
      ...Object.fromEntries(Object.entries(spec.values).map(([placeholder, name]) => [placeholder, text(record[name])])),
    };
    const filled = templates ? await templates(ctx.any, spec.template, values) : null;
    if (!filled) throw BusinessError.of(409, 'no_template', 'entities:email.noTemplate', { template: spec.template });
    try {
      await mailer.send({ to, subject: filled.subject, text: filled.text, attachments: [{ filename: `${number}.pdf`, content: rendered.pdf, contentType: 'application/pdf' }] });
    } catch (error) {
      // The server refused the message: nothing was sent, so a retry may send it (a 5xx frees the key).
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
      return { status: 502, body: callResult(2, 'mail_refused', messageIn(language, 'entities:email.refused', { number, to, reason })) };
    }
    // The history: who sent it, when, to whom (the record's audit trail).
    const keyColumn = (def.fields[def.key] as { column: string }).column;
    await ctx.any.transaction().execute((trx) => writeAudit(trx, [{ table: def.table, idName: keyColumn, idValue: found.id, column: 'mail_to', old: null, new: `${to}: ${filled.subject}`.slice(0, 1000), action: 'email' }], ctx.user.userId, new Date().toISOString()));
    return { status: 200, body: callResult(1, 'emailed', messageIn(language, 'entities:email.sent', { number, to }), { EntityId: String(found.id), Data: { To: to, Subject: filled.subject } }) };
  } catch (error) {
    const answer = answerOf(error, language);
    if (answer) return answer;
    throw error;
  }
}
