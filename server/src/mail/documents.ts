/**
 * E-mail a document (issue 40 item 4), once for every module: a definition's `email` declaration (the template,
 * the lookup field naming the recipient firm, the placeholders' fields) and its `print` (the PDF attached).
 *
 *   POST /api/data/:entity/:id/email { Confirmations? } (entities/routes.ts)
 *   POST /api/reports/:report/email { Parameters, Confirmations? } (reports/routes.ts): a report's one document
 *        (`email` on a report definition: the AR statement for the customer its parameter names); its history
 *        row is the recipient firm's.
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
 *
 * Language: the template is the one in the firm's language (its `Language`), else the default company's, else the
 * template as named; the PDF is printed in that language too (the sender's when neither has one), and the placeholders'
 * dates and amounts are written in it (the filler's `locale`, issue 71 item 2: never `2026-11-28`, never `15324.33`).
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import type { Kysely } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import type { ReportDefinition } from '@erp/shared/reports/define';
import { openedBy, validateReportParameters } from '@erp/shared/reports/define';
import type { AuthenticatedUser } from '../auth/user.ts';
import { openableApplications } from '../auth/access.ts';
import { writeAudit } from '../entities/audit.ts';
import { BusinessError, callResult, ConfirmationNeeded, answerOf, confirmationsOf, messageIn } from '../entities/call-result.ts';
import { isAnswer, type Answer } from '../entities/answers.ts';
import type { EntityContext } from '../entities/hooks.ts';
import { lookupParametersRefusal } from '../entities/parameter-guard.ts';
import { readable } from '../entities/read.ts';
import { registeredEntity } from '../entities/registry.ts';
import { registeredReport } from '../reports/engine.ts';
import { defaultCompany } from '../reports/letterhead.ts';
import { renderReportPdf } from '../reports/render.ts';
import type { Mailer } from './mailer.ts';

/** Where a document goes: the address, the name and the contact greeted. */
export interface Recipient {
  email: string | null;
  name: string;
  contactName: string;
  /** The firm's language (`fr-CA`), null when it has none. */
  language: string | null;
}

/**
 * A module's recipients of one entity (the firm): its key → the recipient, or null when there is none. `db` is the
 * core's typed view; the module reads its own tables through `<m>Db(db)`.
 */
export type RecipientResolver = (db: Kysely<DB>, key: string) => Promise<Recipient | null>;
/** The template filled with the values, or null when there is no active template of that id (`db` as above). */
export type TemplateFiller = (
  db: Kysely<DB>,
  templateId: string,
  values: Readonly<Record<string, string>>,
  /** The languages wanted, first choice first (the firm's, the company's); a template in none of them is the one named. */
  languages: readonly string[],
  /** The language the values are written in (dates, amounts: issue 71 item 2) — the reader's. */
  locale: string,
) => Promise<{ subject: string; text: string } | null>;

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

/** One document to send: everything the entity and the report paths know of it. */
interface Outgoing {
  number: string;
  /** The recipient firm: its entity, its key and the field (or parameter) naming it, for the refusal. */
  firmEntity: string | undefined;
  firmKey: string;
  toField: string;
  template: string;
  /** Placeholder values of the document itself. */
  values: Record<string, string>;
  report: string;
  parameters: Record<string, unknown>;
  /** Where the history row goes. */
  history: { table: string; idName: string; idValue: string | number };
  /** Issue 71: the document's addresses — the portal page for the customer, the screen for the office. */
  links?: { portal: string | null; record: string | null };
}

/**
 * The links a document's mail ends with (issue 71 item 1), in the recipient's language: the customer's portal page
 * of the document (the definition's `globalSearch.portal` screen, in its portal states) and the office's record
 * address (the definition's `screen`). Addresses are the shell's hash routes with `?record=<key>`
 * (shared/src/open-document.ts), absolute on PUBLIC_URL.
 */
function documentLinks(def: EntityContext['def'], record: Record<string, unknown>, key: string, publicUrl: string): { portal: string | null; record: string | null } {
  const at = (screen: string, id: string) => `${publicUrl.replace(/\/+$/, '')}/#${screen.replace(/\/+$/, '')}?record=${encodeURIComponent(id)}`;
  const portal = def.globalSearch?.portal;
  const state = def.states ? text(record[def.states.field]) : '';
  const onPortal = portal && (!portal.states || portal.states.includes(state));
  const portalKey = portal?.record !== undefined ? text(record[portal.record]) : key;
  return {
    portal: onPortal && portalKey !== '' ? at(portal.screen, portalKey) : null,
    record: def.screen ? at(def.screen, key) : null,
  };
}

/** The mail's text with its links appended. */
function withLinks(filled: string, language: string, links: Outgoing['links']): string {
  if (!links) return filled;
  const lines = [
    links.portal ? messageIn(language, 'entities:email.linkPortal', { url: links.portal }) : null,
    links.record ? messageIn(language, 'entities:email.linkRecord', { url: links.record }) : null,
  ].filter((line): line is string => line !== null);
  return lines.length === 0 ? filled : `${filled.replace(/\s+$/, '')}\n\n${lines.join('\n')}\n`;
}

/** The §5 question, then the PDF, the template and the mail; the history row once sent. */
async function send(db: Kysely<DB>, database: Database, mailer: Mailer, user: AuthenticatedUser, body: unknown, out: Outgoing): Promise<Answer> {
  const { number } = out;
  const resolver = out.firmEntity ? recipients.get(out.firmEntity) : undefined;
  const recipient = resolver && out.firmKey !== '' ? await resolver(db, out.firmKey) : null;
  const to = recipient?.email?.trim() ?? '';
  if (to === '') throw BusinessError.of(409, 'no_address', 'entities:email.noAddress', { firm: out.firmKey, number }, out.toField);
  if (!confirmationsOf(body).has(EMAIL_CONFIRMATION)) throw new ConfirmationNeeded(EMAIL_CONFIRMATION, 'entities:email.confirm', { number, to });

  const company = await defaultCompany(db, ['name', 'language']);
  const languages = [recipient!.language, text(company?.['language'])].filter((one): one is string => typeof one === 'string' && one !== '');
  // The PDF in the recipient's language: the sender's rights, the reader's words.
  const printer = languages.length > 0 ? { ...user, row: { ...user.row, language: languages[0]! } } : user;
  const rendered = await renderReportPdf(database, printer, out.report, out.parameters);
  if ('refusal' in rendered) return rendered.refusal;
  const values: Record<string, string> = {
    CustomerId: out.firmKey,
    CustomerName: recipient!.name,
    ContactName: recipient!.contactName || recipient!.name,
    CompanyName: text(company?.['name']),
    ...out.values,
  };
  const language = user.row.language;
  // The reader's language: the firm's, else the company's, else the sender's (the PDF's too).
  const reader = languages[0] ?? language ?? 'en-CA';
  const filled = templates ? await templates(db, out.template, values, languages, reader) : null;
  if (!filled) throw BusinessError.of(409, 'no_template', 'entities:email.noTemplate', { template: out.template });
  const mailText = withLinks(filled.text, reader, out.links);
  try {
    await mailer.send({ to, subject: filled.subject, text: mailText, attachments: [{ filename: `${number.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.pdf`, content: rendered.pdf, contentType: 'application/pdf' }] });
  } catch (error) {
    // The server refused the message: nothing was sent, so a retry may send it (a 5xx frees the key).
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
    return { status: 502, body: callResult(2, 'mail_refused', messageIn(language, 'entities:email.refused', { number, to, reason })) };
  }
  // The history: who sent it, when, to whom (the record's audit trail).
  const { history } = out;
  await db.transaction().execute((trx) => writeAudit(trx, [{ table: history.table, idName: history.idName, idValue: history.idValue, column: 'mail_to', old: null, new: `${to}: ${filled.subject}`.slice(0, 1000), action: 'email' }], user.userId, new Date().toISOString()));
  return { status: 200, body: callResult(1, 'emailed', messageIn(language, 'entities:email.sent', { number, to }), { EntityId: String(history.idValue), Data: { To: to, Subject: filled.subject } }) };
}

export async function emailDocument(ctx: EntityContext, database: Database, mailer: Mailer, rawId: string, body: unknown, publicUrl?: string): Promise<Answer> {
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
    return await send(ctx.db, database, mailer, ctx.user, body, {
      number,
      firmEntity: field.entity,
      firmKey: text(record[spec.to]),
      toField: spec.to,
      template: spec.template,
      values: Object.fromEntries(Object.entries(spec.values).map(([placeholder, name]) => [placeholder, text(record[name])])),
      report: print.report,
      parameters: { [print.parameter]: text(record[print.field ?? def.key]) },
      history: { table: def.table, idName: (def.fields[def.key] as { column: string }).column, idValue: found.id },
      ...(publicUrl ? { links: documentLinks(def, record, String(found.id), publicUrl) } : {}),
    });
  } catch (error) {
    const answer = answerOf(error, language);
    if (answer) return answer;
    throw error;
  }
}

/**
 * A report's one document (`email` on its definition) for the firm its parameter names. The report's rights are
 * checked before the question (renderReportPdf checks them again with the parameters' rules and §6).
 */
export async function emailReport(database: Database, mailer: Mailer, user: AuthenticatedUser, name: string, parameters: Record<string, unknown>, body: unknown): Promise<Answer> {
  const language = user.row.language;
  const report = registeredReport(name);
  const def: ReportDefinition | undefined = report?.def;
  try {
    if (!def?.email) throw BusinessError.of(404, 'not_found', 'entities:email.notOffered', { entity: name });
    const mayRun = (!def.roles || user.roles.some((role) => def.roles!.includes(role))) && openedBy(def, await openableApplications(database.db, user.roles));
    if (!mayRun) throw BusinessError.of(403, 'forbidden', 'entities:result.forbidden');
    const spec = def.email;
    const firmEntity = def.parameters.find((p) => p.name === spec.to)?.entity;
    const firmKey = text(parameters[spec.to]);
    const firm = firmEntity ? registeredEntity(firmEntity)?.def : undefined;
    // Only the one firm's document: the batch (no firm) is printed, not mailed.
    if (!firm || firmKey === '') throw BusinessError.of(400, 'validation_failed', 'entities:email.firmRequired', {}, spec.to);
    const number = messageIn(language, spec.numberKey, Object.fromEntries(def.parameters.map((p) => [p.name, text(parameters[p.name])])));
    // Only the parameters the report knows; a range parameter that would widen it to other firms is dropped.
    const known = Object.fromEntries(def.parameters.filter((p) => parameters[p.name] !== undefined && parameters[p.name] !== null && parameters[p.name] !== '').map((p) => [p.name, parameters[p.name]]));
    for (const p of def.parameters) if (p.name !== spec.to && p.type === 'lookup' && p.entity === firmEntity) delete known[p.name];
    // The parameters' rules and §6 before the question names an address.
    const checked = validateReportParameters(def, known);
    if (!checked.ok) throw BusinessError.of(400, 'validation_failed', checked.errors[0]!.key, checked.errors[0]!.params ?? {}, checked.errors[0]!.field ?? '');
    const refusal = await lookupParametersRefusal(database.db, user, def.parameters, checked.value);
    if (refusal) return { status: refusal.status, body: refusal.body };
    return await send(database.db, database, mailer, user, body, {
      number,
      firmEntity,
      firmKey,
      toField: spec.to,
      template: spec.template,
      values: Object.fromEntries(Object.entries(spec.values).map(([placeholder, param]) => [placeholder, text(parameters[param])])),
      report: name,
      parameters: known,
      history: { table: firm.table, idName: (firm.fields[firm.key] as { column: string }).column, idValue: firmKey },
    });
  } catch (error) {
    const answer = answerOf(error, language);
    if (answer) return answer;
    throw error;
  }
}
