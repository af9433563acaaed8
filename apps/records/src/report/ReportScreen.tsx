/**
 * The report screen (issue 12 "Reports as data", SCREENS.md 3.0 "Report screen"): a report definition
 * (`@erp/shared/reports/define`) as a parameter form → the server's run → a paged grid (§9: 250 a page)
 * with group headings, opening balances, group subtotals and closing balances, and the report totals →
 * Download .xlsx and Download PDF (§7 file-download variant, rendered by the server).
 *
 * `reportScreen(definition, options)` makes the screen parcel for a module's one-line export
 * (`export const TrialBalance = reportScreen(trialBalance, GL)` in `@erp/accounting`).
 *
 * Messages: "No records" when the run finds nothing (§3 ResultStatus 6), "No PDF data." when the PDF has
 * nothing to print (§8; the server says so and the client shows the description). Figures are the exact
 * decimal strings the server sends, formatted for the user's language without any binary arithmetic.
 * Keyboard: every control is a native, labelled control in tab order; Enter in the form runs the report;
 * F2 / Shift+F2 move between the screen's regions (form, grid, pager).
 *
 * A report whose document is mailed (definition `email`: the AR statement) offers E-mail (Ctrl+Shift+E, as on a
 * document's form) once it ran for one firm: POST /api/reports/:report/email with the parameters it ran with; the
 * server asks first, naming the recipient (§5), and its answer — sent, or why not — is the status line.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { i18n, translate } from '@erp/shared';
import { dateFormat, formatCalendarDate, formatDateTime, formatDecimal } from '@erp/shared';
import { columnLabel, visibleReportColumns, type ReportColumn, type ReportDefinition, type ReportFile, type ReportParameterError, type ReportParameterValues } from '@erp/shared/reports/define';
import { screen, useTranslation, type ScreenParcel } from '@erp/ui';
import { exchange } from '../document/ask.ts';
import { call } from '../form/record-api.ts';
import { ariaShortcut, matchesHotkey, nextRegion } from '../list/keyboard.ts';
import { ResizeHandle } from '../list/ResizeHandle.tsx';
import { ParameterForm, initialValues, rememberedValues, useContributedDefaults } from './ParameterForm.tsx';
import { REPORT_PAGE_SIZE, downloadReport, downloadReportFile, parameterErrors, refusalNotice, runReport, type ReportPageAnswer, type ReportRow } from './report-api.ts';

/** E-mail the report's document: the document form's key (DocumentForm). */
const EMAIL_KEY = 'Ctrl+Shift+E';

/** The namespaces every report screen needs before its first render. */
export const REPORT_SCREEN_NAMESPACES = ['reports', 'records', 'errors', 'apps'] as const;

export interface ReportScreenOptions {
  /** The module exporting the screen (`data-micro-app` on its root). */
  module?: string;
  /** i18n namespaces the screen needs besides `reports`. */
  namespaces?: readonly string[];
}

export function formatValue(column: ReportColumn | undefined, value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (column?.type === 'decimal') return formatDecimal(String(value), column.scale ?? 2, locale);
  if (column?.type === 'integer') return new Intl.NumberFormat(locale, { useGrouping: false }).format(Number(value));
  // Issue 21 item 7: the language's one date style, as in lists, forms and the PDF.
  if (column?.type === 'date') return formatCalendarDate(value, locale);
  // A point in time: the language's date and time, in the browser's (the user's) zone; never the ISO text.
  if (column?.type === 'datetime') return formatDateTime(value, locale);
  const option = column?.options?.find((candidate) => candidate.value === String(value));
  if (option) return translate(option.labelKey, option.value);
  return String(value);
}

const numeric = (column: ReportColumn) => column.type === 'decimal' || column.type === 'integer';

/** Where a user's column widths of a report are kept (the browser's storage: per user, per report). */
const widthsKey = (report: string) => `erp.report-widths.${report}`;

function savedWidths(report: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(widthsKey(report)) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return {};
  }
}

function focusRegion(root: HTMLElement, backwards: boolean): boolean {
  const regions = [...root.querySelectorAll<HTMLElement>('[data-f2-region]')].filter((r) => r.getClientRects().length > 0);
  const current = regions.findIndex((region) => region.contains(document.activeElement));
  const next = nextRegion(regions.map(() => true), current, backwards);
  if (next < 0) return false;
  const region = regions[next]!;
  const target = region.matches('[tabindex]') ? region : region.querySelector<HTMLElement>('input, select, button:not([disabled]), [tabindex="0"]');
  (target ?? region).focus();
  return true;
}

export function ReportView({ definition }: { definition: ReportDefinition }) {
  const { t, language } = useTranslation('reports');
  const [initial] = useState(() => initialValues(definition, new Date(), rememberedValues(definition)));
  const [values, setValues] = useState(initial);
  useContributedDefaults(definition, initial, setValues);
  const [errors, setErrors] = useState<ReportParameterError[]>([]);
  const [ran, setRan] = useState<ReportParameterValues | null>(null);
  const [answer, setAnswer] = useState<ReportPageAnswer | null>(null);
  const [busy, setBusy] = useState<'run' | 'pdf' | 'xlsx' | 'file' | 'email' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const running = useRef<AbortController | null>(null);
  const columns = useMemo(() => visibleReportColumns(definition), [definition]);
  // Issue 41: a column's choices may be other modules' (the journal sources A/R, Payroll … on a G/L report):
  // their labels' namespaces load before the rows come back.
  useEffect(() => {
    const namespaces = new Set(definition.columns.flatMap((column) => (column.options ?? []).map((option) => option.labelKey.split(':')[0]!)));
    if (i18n.isInitialized) void i18n.loadNamespaces([...namespaces].filter((namespace) => !i18n.hasLoadedNamespace(namespace)));
  }, [definition]);
  const runningColumn = columns.find((c) => c.running);
  // Issue 21 item 1: columns size to their content (an auto table); a width the user drags is kept.
  const [widths, setWidths] = useState<Record<string, number>>(() => savedWidths(definition.name));
  const widthsRef = useRef(widths);
  widthsRef.current = widths;
  const title = translate(definition.titleKey, definition.name);

  const load = async (parameters: ReportParameterValues, page: number) => {
    running.current?.abort();
    const abort = new AbortController();
    running.current = abort;
    setBusy('run');
    setNotice(null);
    try {
      const result = await runReport(definition.name, parameters, page, abort.signal);
      setRan(parameters);
      setAnswer(result);
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
      const refused = parameterErrors(error);
      if (refused) setErrors(refused);
      else setNotice(refusalNotice(error, t('screen.fixErrors')));
      setAnswer(null);
    } finally {
      if (running.current === abort) setBusy(null);
    }
  };

  const download = async (kind: 'pdf' | 'xlsx' | ReportFile) => {
    if (!ran) return;
    setBusy(typeof kind === 'string' ? kind : 'file');
    setNotice(null);
    try {
      if (typeof kind === 'string') await downloadReport(definition.name, kind, ran);
      else await downloadReportFile(kind.path, ran, kind.fileName);
    } catch (error) {
      // The client alerted the §8 download message; the screen keeps it in view too ("No PDF data.").
      setNotice(refusalNotice(error, null));
    } finally {
      setBusy(null);
    }
  };

  // E-mail needs the one firm the document goes to (the batch of every customer is printed, not mailed).
  const mailable = definition.email !== undefined && answer !== null && answer.TotalCount > 0 && ran !== null && ran[definition.email.to] !== undefined && ran[definition.email.to] !== '';
  const email = async () => {
    if (!mailable || busy !== null) return;
    setBusy('email');
    setNotice(null);
    try {
      const heading = translate('records:document.email', 'E-mail');
      const outcome = await exchange(translate, heading, (confirmations) =>
        call('POST', `reports/${encodeURIComponent(definition.name)}/email`, confirmations.length > 0 ? { Parameters: ran, Confirmations: confirmations } : { Parameters: ran }),
      );
      if (outcome) setNotice(outcome.body?.Message ?? outcome.message ?? '');
    } finally {
      setBusy(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (mailable && matchesHotkey(EMAIL_KEY, event)) {
      event.preventDefault();
      event.stopPropagation();
      void email();
      return;
    }
    if (event.key !== 'F2' || event.altKey || event.ctrlKey || event.metaKey || !root.current) return;
    if (focusRegion(root.current, event.shiftKey)) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const pages = answer ? Math.max(1, Math.ceil(answer.TotalCount / REPORT_PAGE_SIZE)) : 1;
  const groupField = definition.group?.field;
  const headingOf = (heading: ReportRow) =>
    (definition.group?.headingFields ?? [])
      .map((field) => formatValue(definition.columns.find((c) => c.field === field), heading[field], language))
      .filter((part) => part !== '')
      .join(' — ');
  // The group's heading is its rows' values (an account's description, a product's): marked as the report's data,
  // as its cells are, so a reader of the screen's texts — the language checks — tells it from the labels around it.
  const groupHeading = (heading: ReportRow) => <span data-report-heading="">{headingOf(heading)}</span>;
  const subtotalLabel = (heading: ReportRow) => {
    const [before, after] = t('labels.subtotal', { group: '\u0000' }).split('\u0000');
    return (
      <>
        {before}
        {groupHeading(heading)}
        {after}
      </>
    );
  };

  /** A labelled summary row: the label over the leading columns, figures under theirs. */
  const summaryRow = (key: string, label: ReactNode, figures: Record<string, unknown>, kind: string) => {
    const first = columns.findIndex((c) => figures[c.field] !== undefined);
    const span = first > 0 ? first : columns.length;
    return (
      <tr key={key} className={`report-row report-row--${kind}`} data-report-row={kind}>
        <th scope="row" colSpan={span} className="records-cell">
          {label}
        </th>
        {first > 0 &&
          columns.slice(first).map((column) => (
            <td key={column.field} className={`records-cell${numeric(column) ? ' records-cell--number' : ''}`}>
              {figures[column.field] !== undefined ? formatValue(column, figures[column.field], language) : ''}
            </td>
          ))}
      </tr>
    );
  };

  const body: ReactElement[] = [];
  if (answer && answer.List.length > 0) {
    const groups = new Map((answer.Groups ?? []).map((g) => [g.Key, g]));
    let previous: string | undefined;
    answer.List.forEach((row, index) => {
      const key = groupField ? String(row[groupField]) : undefined;
      const group = key !== undefined ? groups.get(key) : undefined;
      if (group && key !== previous && group.Starts) {
        body.push(
          <tr key={`g-${key}`} className="report-row report-row--group" data-report-row="group">
            <th scope="rowgroup" colSpan={columns.length} className="records-cell">
              {groupHeading(group.Heading)}
            </th>
          </tr>,
        );
        if (group.Opening !== undefined && runningColumn) {
          body.push(summaryRow(`o-${key}`, t('labels.openingBalance'), { [runningColumn.field]: group.Opening }, 'opening'));
        }
      }
      previous = key;
      body.push(
        <tr key={`r-${index}`} className="report-row" data-report-row="row">
          {columns.map((column) => (
            <td key={column.field} className={`records-cell${numeric(column) ? ' records-cell--number' : ''}`}>
              {formatValue(column, row[column.field], language)}
            </td>
          ))}
        </tr>,
      );
      const next = answer.List[index + 1];
      const endsHere = group && (next === undefined ? group.Ends : String(next[groupField!]) !== key);
      if (group && endsHere) {
        body.push(summaryRow(`s-${key}`, subtotalLabel(group.Heading), group.Subtotals, 'subtotal'));
        if (group.Closing !== undefined && runningColumn) {
          body.push(summaryRow(`c-${key}`, t('labels.closingBalance'), { [runningColumn.field]: group.Closing }, 'closing'));
        }
      }
    });
  }

  return (
    <div className="records-screen report-screen" ref={root} onKeyDown={onKeyDown} data-f2-navigation="" data-report={definition.name}>
      <h2 className="records-title">{title}</h2>
      <ParameterForm
        definition={definition}
        values={values}
        onChange={setValues}
        errors={errors}
        onErrors={setErrors}
        onSubmit={(parameters) => void load(parameters, 1)}
        label={t('screen.parameters')}
      >
        <button type="submit" className="records-button records-button--primary" disabled={busy === 'run'}>
          {t('screen.run')}
        </button>
        <button type="button" className="records-button" disabled={!answer || busy !== null} onClick={() => void download('xlsx')}>
          {t('screen.downloadXlsx')}
        </button>
        <button type="button" className="records-button" disabled={!answer || busy !== null} onClick={() => void download('pdf')}>
          {t('screen.downloadPdf')}
        </button>
        {definition.email && (
          <button
            type="button"
            className="records-button"
            data-action="email"
            disabled={!mailable || busy !== null}
            onClick={() => void email()}
            aria-keyshortcuts={ariaShortcut(EMAIL_KEY)}
            title={`${translate('records:document.email', 'E-mail')} (${EMAIL_KEY})`}
          >
            {translate('records:document.email', 'E-mail')}
          </button>
        )}
        {definition.files?.map((file) => (
          <button key={file.path} type="button" className="records-button" disabled={!answer || busy !== null} onClick={() => void download(file)}>
            {translate(file.labelKey, file.path)}
          </button>
        ))}
      </ParameterForm>
      <p className="records-status" role="status" aria-live="polite">
        {busy === 'pdf' || busy === 'xlsx' || busy === 'file' ? t('screen.downloading') : (notice ?? (answer?.ResultStatus === 6 ? t('messages.noRecords') : ''))}
      </p>
      {answer && answer.List.length > 0 && (
        <>
          {answer.AsOf && (
            // Issue 43 item 3: when the data read was current (a standby lags the primary by seconds), to the second.
            <p className="report-as-of" data-report-as-of={answer.AsOf}>
              {t('asOf', { time: dateFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(answer.AsOf)) })}
            </p>
          )}
          <div className="report-grid-frame" tabIndex={0} role="region" aria-label={t('screen.results')} data-f2-region="grid">
            <table className="report-grid">
              <caption className="report-grid__caption">{title}</caption>
              <thead>
                <tr>
                  {columns.map((column) => {
                    const label = ran ? columnLabel(column, (key, params) => translate(key, column.field, params), ran) : translate(column.labelKey, column.field);
                    const width = widths[column.field];
                    return (
                      <th
                        key={column.field}
                        scope="col"
                        className={`report-grid__header${numeric(column) ? ' records-cell--number' : ''}`}
                        style={width !== undefined ? { width, minWidth: width, maxWidth: width } : undefined}
                        data-field={column.field}
                      >
                        <span className="report-grid__label">{label}</span>
                        <ResizeHandle
                          label={translate('records:list.resize', 'Width of the {{column}} column', { column: label })}
                          hint={translate('records:list.resizeHint', 'Drag, or use Left and Right arrows, to change the width')}
                          width={width}
                          onResize={(next) => setWidths((current) => ({ ...current, [column.field]: next }))}
                          onCommit={() => localStorage.setItem(widthsKey(definition.name), JSON.stringify(widthsRef.current))}
                        />
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>{body}</tbody>
              {Object.keys(answer.Totals ?? {}).length > 0 && (
                <tfoot>{summaryRow('totals', t('labels.totals'), answer.Totals, 'totals')}</tfoot>
              )}
            </table>
          </div>
          <nav className="records-pager" aria-label={t('screen.pager')} data-f2-region="pager">
            <span className="records-pager__total">{translate('records:report.rows', '{{count}} rows', { count: answer.TotalCount })}</span>
            <button type="button" className="records-button" disabled={answer.Page <= 1 || busy !== null} onClick={() => ran && void load(ran, answer.Page - 1)}>
              {t('screen.previousPage')}
            </button>
            <span className="records-pager__page" aria-live="polite">
              {t('screen.pageOf', { page: answer.Page, pages })}
            </span>
            <button type="button" className="records-button" disabled={answer.Page >= pages || busy !== null} onClick={() => ran && void load(ran, answer.Page + 1)}>
              {t('screen.nextPage')}
            </button>
          </nav>
        </>
      )}
    </div>
  );
}

/** A screen parcel of `definition` (see the module header). */
export function reportScreen(definition: ReportDefinition, options: ReportScreenOptions = {}): ScreenParcel {
  function NamedReportScreen() {
    return <ReportView definition={definition} />;
  }
  NamedReportScreen.displayName = `ReportScreen(${definition.name})`;
  return screen(NamedReportScreen, {
    module: options.module ?? '@erp/records',
    namespaces: [...new Set([...REPORT_SCREEN_NAMESPACES, ...(options.namespaces ?? [])])],
  });
}
