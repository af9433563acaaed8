/**
 * The report screen's calls (server/src/reports/routes.ts), through `@erp/shared`'s API client (§7: bearer
 * token, loading counter): run a page, and download the .xlsx or PDF through the §7 file-download variant
 * (the client alerts the §8 download errors — a 400 shows the server's description, e.g. "No PDF data.").
 */
import { ApiError, api, refusalMessage, saveFile } from '@erp/shared';
import type { ReportParameterError, ReportParameterValues } from '@erp/shared/reports/define';

import type { ReportGroupSummary, ReportRow } from '@erp/shared/reports/wire';

export type { ReportGroupSummary, ReportRow };

/** POST /api/reports/:report/run answer: a §3 Call result with a §3 paged list. */
export interface ReportPageAnswer {
  ResultStatus: number;
  ResultCode: string;
  Message: string;
  Page: number;
  PageSize: number;
  TotalCount: number;
  List: ReportRow[];
  Groups: ReportGroupSummary[];
  Totals: Record<string, string | number>;
  /** When the data read was current (ISO 8601; issue 43: a standby's last replayed commit, else the primary's now). */
  AsOf?: string;
}

export const REPORT_PAGE_SIZE = 250;

export function runReport(report: string, parameters: ReportParameterValues, page: number, signal?: AbortSignal): Promise<ReportPageAnswer> {
  return api.post<ReportPageAnswer>(
    `reports/${encodeURIComponent(report)}/run`,
    { Parameters: parameters, Page: page, PageSize: REPORT_PAGE_SIZE },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}

/** The parameter errors of a refused call (400 validation_failed), or null when it failed otherwise. */
export function parameterErrors(error: unknown): ReportParameterError[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as { Data?: { Errors?: unknown } } | null;
  const errors = body?.Data?.Errors;
  if (!Array.isArray(errors)) return null;
  return errors
    .filter((e): e is { field: string | null; key: string; params?: Record<string, unknown> } => typeof e === 'object' && e !== null && typeof e.key === 'string')
    .map((e) => ({ field: e.field ?? null, key: e.key, params: e.params ?? {} }));
}

/**
 * What the screen keeps in view for a refused call that is not a parameter error: the message the client
 * showed (§8, or the refusal's own text such as §6 "not assigned to this customer"); for a quiet call, that
 * refusal text, else `fallback`.
 */
export function refusalNotice<F extends string | null>(error: unknown, fallback: F): string | F {
  if (!(error instanceof ApiError)) return fallback;
  return error.userMessage ?? refusalMessage(error.body) ?? fallback;
}

/** Downloads the report as `kind` and hands it to the browser; rejects (after the §8 alert) on refusal. */
export async function downloadReport(report: string, kind: 'pdf' | 'xlsx', parameters: ReportParameterValues): Promise<void> {
  // The browser's time zone: the PDF's print time is written in it (issue 21 item 10).
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const file = await api.download(`reports/${encodeURIComponent(report)}/${kind}`, { method: 'POST', body: { Parameters: parameters }, headers: { 'X-Time-Zone': timeZone } });
  saveFile(file, `${report}.${kind}`);
}

/** A report's own file (definition `files`): POST api/<path> with the parameters the report ran with. */
export async function downloadReportFile(path: string, parameters: ReportParameterValues, fileName: string): Promise<void> {
  const file = await api.download(path, { method: 'POST', body: { Parameters: parameters } });
  saveFile(file, fileName);
}
