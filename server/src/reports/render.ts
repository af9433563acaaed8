/**
 * A report's PDF as bytes, for the server's own use (issue 40 item 4: a document e-mailed with its print
 * attached). The same checks and rendering as `POST /api/reports/:report/pdf` (routes.ts): the report's rights
 * for the caller, its parameter rules and database checks, §6 firm parameters, "No PDF data.", the default
 * company's letterhead and the print time in the caller's language. `options.granted` skips only the report's
 * screen right, for a caller whose right to the one document was checked by its own rule (the portal).
 */
import { PassThrough } from 'node:stream';
import { openedBy, validateReportParameters } from '@erp/shared/reports/define';
import type { AuthenticatedUser } from '../auth/user.ts';
import { openableApplications } from '../auth/access.ts';
import type { Database } from '../db/connection.ts';
import { callResult } from '../entities/call-result.ts';
import type { Answer } from '../entities/answers.ts';
import { lookupParametersRefusal } from '../entities/parameter-guard.ts';
import { withFieldRights } from './field-rights.ts';
import { countRows, registeredReport, streamReport, type ReportContext } from './engine.ts';
import { defaultLetterhead } from './letterhead.ts';
import { reportLocale, reportTranslator } from './messages.ts';
import { writeReportPdf } from './pdf.ts';
import { parameterNumbers, parametersLine, printTime } from './print-line.ts';

/** The PDF, or the refusal the report route would have answered. */
export async function renderReportPdf(
  database: Database,
  user: AuthenticatedUser,
  name: string,
  parameters: Record<string, unknown>,
  timeZone = 'UTC',
  options: { granted?: boolean } = {},
): Promise<{ pdf: Buffer } | { refusal: Answer }> {
  const locale = reportLocale(user.row.language);
  const translate = reportTranslator(locale);
  const refused = (status: number, code: string, message: string): { refusal: Answer } => ({ refusal: { status, body: callResult(2, code, message) } });
  const report = registeredReport(name);
  if (!report) return refused(404, 'not_found', 'Not Found');
  // `granted`: the caller already decided the right to this document (the portal: an invoice or statement of the
  // customer's own account, modules/portal/server/documents.ts) — a portal customer opens no AR screen.
  const mayRun = options.granted === true || (!report.def.roles || user.roles.some((role) => report.def.roles!.includes(role))) && openedBy(report.def, await openableApplications(database.db, user.roles));
  if (!mayRun) return refused(403, 'forbidden', translate('entities:result.forbidden'));
  const { db } = database;
  const checked = validateReportParameters(report.def, parameters);
  if (!checked.ok) return refused(400, 'validation_failed', translate(checked.errors[0]!.key, checked.errors[0]!.params));
  const refusal = await lookupParametersRefusal(db, user, report.def.parameters, checked.value);
  if (refusal) return { refusal: { status: refusal.status, body: refusal.body } };
  const ctx: ReportContext = { database, db, params: checked.value, user, state: {} };
  const errors = report.prepare ? await report.prepare(ctx) : [];
  if (errors.length > 0) return refused(400, 'validation_failed', translate(errors[0]!.key, errors[0]!.params));
  // §6 form widgets security: the caller's hidden fields are masked in the columns (field-rights.ts).
  const shown = await withFieldRights(ctx, report);
  if ((await countRows(ctx, shown)) === 0) return refused(400, 'no_pdf_data', translate('reports:messages.noPdfData'));
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const line = parametersLine(report, ctx.params, translate, locale, await parameterNumbers(ctx.db, report, ctx.params)).replace(/\u202f/g, '\u00a0');
  await writeReportPdf(
    out,
    { def: shown.def, locale, translate, parametersLine: line, printedOn: printTime(new Date(), locale, timeZone) ?? '', letterhead: await defaultLetterhead(db), parameters: ctx.params },
    streamReport(ctx, shown),
  );
  out.end();
  await ended;
  return { pdf: Buffer.concat(chunks) };
}
