/**
 * The process screen (issue 12 "Process screens", SCREENS.md 3.0): a process definition
 * (`@erp/shared/processes/define`) as parameters → Preview (the items the server selects, each with a
 * check box; issue 40 item 8: none ticked, with Select all and the count of ticked items, Run disabled until
 * one is — a queue never ships every order unasked; the server refuses a run with no items whatever is sent)
 * → Run (the shell's Yes/No question first) → the result list: one §3 Call result
 * per item (Success / Failure / Warning and the server's message in the user's language) with a summary.
 * "Start again" returns to the parameters. Calls: POST api/processes/:process/preview and /run
 * (server/src/processes/routes.ts).
 *
 * `processScreen(definition, options)` makes the screen parcel for a module's one-line export
 * (`export const PostJournalEntries = processScreen(postDraftEntries, GL)` in `@erp/accounting`).
 * Keyboard: native labelled controls in tab order (check boxes included), Enter in the form previews,
 * F2 / Shift+F2 move between the regions (parameters, preview, results).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ApiError, api, askUser, recordEvents, translate } from '@erp/shared';
import type { ProcessDefinition, ProcessItemResult, ProcessMade } from '@erp/shared/processes/define';
import { visibleReportColumns, type ReportParameterError, type ReportParameterValues } from '@erp/shared/reports/define';
import { screen, useTranslation, type ScreenParcel } from '@erp/ui';
import { nextRegion } from '../list/keyboard.ts';
import { RecordLink } from '../document/RecordLink.tsx';
import { ParameterForm, initialValues, rememberedValues, useContributedDefaults } from '../report/ParameterForm.tsx';
import { REPORT_SCREEN_NAMESPACES, formatValue } from '../report/ReportScreen.tsx';
import { parameterErrors, refusalNotice, type ReportRow } from '../report/report-api.ts';

interface PreviewAnswer {
  ResultStatus: number;
  TotalCount: number;
  MaxItems: number;
  List: ReportRow[];
  /** What the user saw of each item (sent back with the run). */
  Seen?: Record<string, string>;
}

interface RunAnswer {
  ResultStatus: number;
  ResultCode: string;
  Message: string;
  List: ProcessItemResult[];
}

type Step = { kind: 'parameters' } | { kind: 'preview'; parameters: ReportParameterValues; answer: PreviewAnswer } | { kind: 'results'; answer: RunAnswer };

export function ProcessView({ definition }: { definition: ProcessDefinition }) {
  const { t, language } = useTranslation('reports');
  const [initial] = useState(() => initialValues(definition, new Date(), rememberedValues(definition)));
  const [values, setValues] = useState(initial);
  useContributedDefaults(definition, initial, setValues);
  const [errors, setErrors] = useState<ReportParameterError[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'parameters' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const columns = useMemo(() => visibleReportColumns(definition), [definition]);
  const title = translate(definition.titleKey, definition.name);
  const base = `processes/${encodeURIComponent(definition.name)}`;
  const idOf = (row: ReportRow) => String(row[definition.itemKey]);

  const preview = async (parameters: ReportParameterValues) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api.post<PreviewAnswer>(`${base}/preview`, { Parameters: parameters }, { quiet: true });
      // Issue 40 item 8: nothing ticked; the user picks the items (or Select all).
      setSelected(new Set());
      setStep({ kind: 'preview', parameters, answer });
    } catch (error) {
      const refused = parameterErrors(error);
      if (refused) setErrors(refused);
      else setNotice(refusalNotice(error, t('screen.fixErrors')));
    } finally {
      setBusy(false);
    }
  };

  // Issue 42: a queue's open preview follows its records (`live`): read again in the background, in place; the
  // ticked items still waiting stay ticked. Not while a run or a preview is under way.
  const previewing = step.kind === 'preview' ? step.parameters : null;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  useEffect(() => {
    if (!previewing || !definition.live?.length) return;
    let pending: AbortController | null = null;
    const refresh = () => {
      if (busyRef.current) return;
      pending?.abort();
      const abort = new AbortController();
      pending = abort;
      api.post<PreviewAnswer>(`${base}/preview`, { Parameters: previewing }, { quiet: true, background: true, signal: abort.signal }).then(
        (answer) => {
          if (abort.signal.aborted || busyRef.current) return;
          const waiting = new Set(answer.List.map(idOf));
          setSelected((current) => new Set([...current].filter((id) => waiting.has(id))));
          setStep((current) => (current.kind === 'preview' && current.parameters === previewing ? { ...current, answer } : current));
        },
        () => undefined,
      );
    };
    const subscriptions = definition.live.map((entity) => recordEvents(entity).subscribe(refresh));
    return () => {
      pending?.abort();
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
    // idOf and base follow the definition.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [previewing, definition]);

  /** Runs the selected items, or (`all`, a bulk process) every item the parameters select. */
  const run = async (all = false) => {
    if (step.kind !== 'preview') return;
    const items = all ? [] : step.answer.List.map(idOf).filter((id) => selected.has(id));
    if (!all && items.length === 0) {
      setNotice(t('process.noneSelected'));
      return;
    }
    const answer = await askUser({
      heading: title,
      message: translate(definition.confirmKey ?? 'reports:process.confirm', '', { process: title, count: all ? step.answer.TotalCount : items.length }),
      actions: [
        { id: 'run', label: t('process.run'), variant: 'primary' },
        { id: 'cancel', label: t('process.back'), variant: 'default' },
      ],
    });
    if (answer !== 'run') return;
    setBusy(true);
    setNotice(null);
    try {
      const result = all
        ? await api.post<RunAnswer>(`${base}/run`, { Parameters: step.parameters, All: true })
        : await runAsking(step.parameters, items);
      setStep({ kind: 'results', answer: result });
      // The result list takes the focus: a keyboard or screen-reader user lands on the outcome.
      requestAnimationFrame(() => resultsHeading.current?.focus());
    } catch (error) {
      setNotice(error instanceof ApiError ? (error.userMessage ?? null) : null);
    } finally {
      setBusy(false);
    }
  };

  /**
   * Runs the items; an item whose run asks a question (ResultCode 'confirm', §5) is asked here, one at a time,
   * and run again with its question confirmed — its new outcome replaces the question in the result list.
   */
  const runAsking = async (parameters: ReportParameterValues, items: string[]): Promise<RunAnswer> => {
    // What the user saw of each item (the preview's digests): an item changed since is not run (issue 39).
    const seen = step.kind === 'preview' && step.answer.Seen ? Object.fromEntries(items.flatMap((id) => (step.answer.Seen![id] ? [[id, step.answer.Seen![id]]] : []))) : undefined;
    let answer = await api.post<RunAnswer>(`${base}/run`, { Parameters: parameters, Items: items, ...(seen ? { Seen: seen } : {}) });
    const confirmed = new Map<string, string[]>();
    for (let round = 0; round < 5; round += 1) {
      const asked = answer.List.filter((item) => item.ResultCode === 'confirm' && item.Question);
      if (asked.length === 0) break;
      const again: ProcessItemResult[] = [];
      for (const item of asked) {
        const choice = await askUser({
          heading: `${title} — ${item.Label}`,
          message: item.Question!.Message,
          actions: [
            { id: 'yes', label: t('process.yes'), variant: 'primary' },
            { id: 'no', label: t('process.no'), variant: 'default' },
          ],
        });
        if (choice !== 'yes') continue;
        const ids = [...(confirmed.get(item.ItemId) ?? []), item.Question!.Id];
        confirmed.set(item.ItemId, ids);
        const rerun = await api.post<RunAnswer>(`${base}/run`, { Parameters: parameters, Items: [item.ItemId], Confirmations: ids });
        again.push(...rerun.List);
      }
      if (again.length === 0) break;
      const byId = new Map(again.map((item) => [item.ItemId, item]));
      const list = answer.List.map((item) => byId.get(item.ItemId) ?? item);
      const failed = list.filter((item) => item.ResultStatus !== 1).length;
      answer = {
        ResultStatus: failed === 0 ? 1 : failed === list.length ? 2 : 3,
        ResultCode: failed === 0 ? 'done' : failed === list.length ? 'failed' : 'partial',
        Message: t('process.summary', { succeeded: list.length - failed, failed }),
        List: list,
      };
    }
    return answer;
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'F2' || event.altKey || event.ctrlKey || event.metaKey || !root.current) return;
    const regions = [...root.current.querySelectorAll<HTMLElement>('[data-f2-region]')].filter((r) => r.getClientRects().length > 0);
    const current = regions.findIndex((region) => region.contains(document.activeElement));
    const next = nextRegion(regions.map(() => true), current, event.shiftKey);
    if (next < 0) return;
    event.preventDefault();
    event.stopPropagation();
    const region = regions[next]!;
    (region.querySelector<HTMLElement>('input, select, button:not([disabled]), [tabindex="0"]') ?? region).focus();
  };

  const statusLabel = (status: number) => t(`process.statuses.${status}`);
  const allSelected = step.kind === 'preview' && step.answer.List.length > 0 && selected.size === step.answer.List.length;

  return (
    <div className="records-screen process-screen" ref={root} onKeyDown={onKeyDown} data-f2-navigation="" data-process={definition.name}>
      <h2 className="records-title">{title}</h2>
      {step.kind !== 'results' && (
        <ParameterForm
          definition={definition}
          values={values}
          onChange={(next) => {
            setValues(next);
            // Changed parameters make the preview stale: back to the first step.
            if (step.kind === 'preview') setStep({ kind: 'parameters' });
          }}
          errors={errors}
          onErrors={setErrors}
          onSubmit={(parameters) => void preview(parameters)}
          label={t('process.parameters')}
        >
          <button type="submit" className="records-button records-button--primary" disabled={busy}>
            {t('process.preview')}
          </button>
        </ParameterForm>
      )}
      <p className="records-status" role="status" aria-live="polite">
        {notice ?? (step.kind === 'preview' && step.answer.ResultStatus === 6 ? t('messages.noRecords') : '')}
      </p>
      {step.kind === 'preview' && step.answer.List.length > 0 && (
        <section className="process-preview" aria-label={t('process.previewTitle')} data-f2-region="preview">
          <h3>{t('process.previewTitle')}</h3>
          <p className="process-selection">
            <span data-process-selected={selected.size}>{t('process.selected', { count: selected.size, total: step.answer.List.length })}</span>
            {step.answer.TotalCount > step.answer.List.length ? ` ${t('process.tooMany', { max: step.answer.MaxItems })}` : ''}{' '}
            <button
              type="button"
              className="records-button records-button--quiet"
              data-process-select-all=""
              onClick={() => setSelected(allSelected ? new Set() : new Set(step.answer.List.map(idOf)))}
            >
              {allSelected ? t('process.selectNone') : t('process.selectAll')}
            </button>
          </p>
          <div className="report-grid-frame">
            <table className="report-grid">
              <caption className="report-grid__caption">{t('process.previewTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="report-grid__header">
                    <input
                      type="checkbox"
                      className="process-check"
                      aria-label={t('process.selectAll')}
                      checked={selected.size === step.answer.List.length}
                      onChange={(event) => setSelected(event.target.checked ? new Set(step.answer.List.map(idOf)) : new Set())}
                    />
                  </th>
                  {columns.map((column) => (
                    <th key={column.field} scope="col" className={`report-grid__header${column.type === 'decimal' ? ' records-cell--number' : ''}`}>
                      {translate(column.labelKey, column.field)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {step.answer.List.map((row) => (
                  <tr key={idOf(row)} className="report-row" data-process-item={idOf(row)}>
                    <td className="records-cell">
                      <input
                        type="checkbox"
                        className="process-check"
                        aria-label={t('process.select', { item: String(row[definition.itemLabel] ?? idOf(row)) })}
                        checked={selected.has(idOf(row))}
                        onChange={() => toggle(idOf(row))}
                      />
                    </td>
                    {columns.map((column) => (
                      <td key={column.field} className={`records-cell${column.type === 'decimal' ? ' records-cell--number' : ''}`}>
                        {formatValue(column, row[column.field], language)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="report-parameters__buttons">
            <button type="button" className="records-button records-button--primary" disabled={busy || selected.size === 0} onClick={() => void run()}>
              {t('process.run')}
            </button>
            {definition.bulk && step.answer.TotalCount > step.answer.List.length && (
              <button type="button" className="records-button" disabled={busy} onClick={() => void run(true)}>
                {t('process.runAll', { count: step.answer.TotalCount })}
              </button>
            )}
          </div>
        </section>
      )}
      {step.kind === 'results' && (
        <section className="process-results" aria-label={t('process.results')} data-f2-region="results">
          <h3 tabIndex={-1} ref={resultsHeading}>
            {t('process.results')}
          </h3>
          <p role="status" data-process-summary="">
            {step.answer.Message}
          </p>
          {step.answer.List.length > RESULT_ROWS && <p>{t('process.resultsShown', { shown: RESULT_ROWS, total: step.answer.List.length })}</p>}
          <div className="report-grid-frame">
            <table className="report-grid">
              <caption className="report-grid__caption">{t('process.results')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="report-grid__header">{t('process.item')}</th>
                  <th scope="col" className="report-grid__header">{t('process.status')}</th>
                  <th scope="col" className="report-grid__header">{t('process.message')}</th>
                </tr>
              </thead>
              <tbody>
                {shownResults(step.answer.List).map((result) => (
                  <tr key={result.ItemId} className="report-row" data-process-result={result.ResultStatus}>
                    <th scope="row" className="records-cell">{result.Label}</th>
                    <td className={`records-cell process-results__status--${result.ResultStatus}`}>{statusLabel(result.ResultStatus)}</td>
                    <td className="records-cell">
                      <MadeLinks message={result.Message} made={result.Made ?? []} openText={(number) => t('process.openMade', { number })} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="report-parameters__buttons">
            <button type="button" className="records-button" onClick={() => setStep({ kind: 'parameters' })}>
              {t('process.again')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * A result's message with the documents the item made as links (issue 40 item 3): "Order SO100006 invoiced:
 * AR000312." opens AR000312 on its screen as a tab (`openDocument`); a made number the message does not name
 * follows it. A document the caller may not open (no screen) stays text.
 */
function MadeLinks(props: { message: string; made: readonly ProcessMade[]; openText(number: string): string }) {
  const parts: ReactNode[] = [];
  let rest = props.message;
  const after: ProcessMade[] = [];
  const link = (made: ProcessMade) =>
    made.Screen ? (
      <RecordLink key={`${made.Entity}:${made.Id}`} screen={made.Screen} recordId={made.Id} title={props.openText(made.Number)} data={{ 'data-made-number': made.Number }}>
        {made.Number}
      </RecordLink>
    ) : (
      made.Number
    );
  for (const made of props.made) {
    const at = rest.indexOf(made.Number);
    if (at < 0 || made.Number === '') {
      after.push(made);
      continue;
    }
    parts.push(rest.slice(0, at), link(made));
    rest = rest.slice(at + made.Number.length);
  }
  parts.push(rest);
  for (const made of after) parts.push(' ', link(made));
  return <>{parts}</>;
}

/** The most result rows shown (a bulk run answers one per item: 50,000 rows would freeze the page). */
const RESULT_ROWS = 1000;

/** The results shown: those that did not succeed first (what the user must act on), then the others, in order. */
function shownResults(list: readonly ProcessItemResult[]): readonly ProcessItemResult[] {
  if (list.length <= RESULT_ROWS) return list;
  return [...list.filter((item) => item.ResultStatus !== 1), ...list.filter((item) => item.ResultStatus === 1)].slice(0, RESULT_ROWS);
}

/** A screen parcel of `definition` (see the module header). */
export function processScreen(definition: ProcessDefinition, options: { module?: string; namespaces?: readonly string[] } = {}): ScreenParcel {
  function NamedProcessScreen() {
    return <ProcessView definition={definition} />;
  }
  NamedProcessScreen.displayName = `ProcessScreen(${definition.name})`;
  return screen(NamedProcessScreen, {
    module: options.module ?? '@erp/records',
    namespaces: [...new Set([...REPORT_SCREEN_NAMESPACES, ...(options.namespaces ?? [])])],
  });
}
