/**
 * Issue 42 item 4: the History view of a saved record, one component for every master and document screen
 * (EntityForm's and DocumentForm's "History" tab; nothing here knows an entity by name):
 *
 * - **Changes**: GET /api/data/:entity/:id/history — one entry per save, newest first, 20 a page (paged on
 *   the server): when, who, and each change as a sentence (history-format.ts: field labels, values as the form
 *   writes them, "Line 3: Quantity 5 → 6").
 * - **As of a date**: a date (the form's date input: typed in the user's language, Alt+Down opens the calendar)
 *   and Show (Enter) → GET …/as-of?Date= with the browser's time zone: the record's fields at the end of that day,
 *   read-only, in the form's layout (its sections; lines as a table), every field that differs from today marked
 *   "Changed since" with today's value beside it, lines removed since shown and marked, lines added since
 *   counted. A record created after that day says so. "Back to changes" (or Escape) returns to the list.
 *
 * Keyboard: the view is a tab of the form (F2 reaches the tab strip, arrows choose History); inside it Tab moves
 * date → Show → the pager; Enter in the date shows the record as of that day. Accessible names: the region, the
 * list of changes, each entry (its time and author), the as-of view (its date).
 * Props: entity (definition), recordId, current (the record as the form holds it, for "now: …"), refresh
 * (reloads when it changes: the record's Version after a save).
 */
import { useEffect, useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatCalendarDate, formatDateTime } from '@erp/shared';
import type { AnyEntity, ChildrenField } from '@erp/shared/entities/define';
import { formatTexts } from '../list/grid.ts';
import { DateInput } from './fields/DateInput.tsx';
import { changeText, labelAt, valueText, type HistoryEntry, type HistoryText } from './history-format.ts';
import { getAsOf, getHistory } from './record-api.ts';
import { Pager } from './Pager.tsx';
import { useText } from './text.ts';

const PAGE_SIZE = 20;

interface AsOfAnswer {
  date: string;
  message: string | null;
  record: Record<string, unknown> | null;
  changed: Set<string>;
  lines: Record<string, { Added: number[]; Removed: number[]; Changed: Record<string, string[]> }>;
  unknown: Set<string>;
  names: Record<string, Record<string, string>>;
  lastChange: { On: string; ByName: string } | null;
}

export function RecordHistory(props: { entity: AnyEntity; recordId: string; current: Record<string, unknown> | null; refresh: unknown }) {
  const { entity, recordId } = props;
  const { tr, language } = useText();
  const id = `h${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const ctx: HistoryText = useMemo(() => ({ tr, language, texts: formatTexts() }), [tr, language]);
  const [page, setPage] = useState(1);
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [date, setDate] = useState('');
  const [asOf, setAsOf] = useState<AsOfAnswer | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void getHistory(entity.name, recordId, page, PAGE_SIZE).then((outcome) => {
      if (!live) return;
      setLoaded(true);
      if (outcome.status !== 200) {
        setEntries([]);
        setMessage(outcome.message);
        return;
      }
      setEntries((outcome.body?.List ?? []) as HistoryEntry[]);
      setTotal(outcome.body?.TotalCount ?? 0);
      setMessage(outcome.body?.ResultStatus === 6 ? outcome.message : null);
    });
    return () => {
      live = false;
    };
  }, [entity.name, recordId, props.refresh, page]);

  async function show(event?: FormEvent) {
    event?.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setDateError(tr('entities:history.dateNeeded', 'Enter a date.'));
      return;
    }
    setDateError(null);
    const outcome = await getAsOf(entity.name, recordId, date);
    if (outcome.status !== 200) {
      setDateError(outcome.message);
      return;
    }
    const body = (outcome.body ?? {}) as Record<string, unknown>;
    setAsOf({
      date,
      message: body['ResultStatus'] === 4 ? outcome.message : null,
      record: (body['Data'] as Record<string, unknown> | undefined) ?? null,
      changed: new Set((body['Changed'] as string[] | undefined) ?? []),
      lines: (body['Lines'] as AsOfAnswer['lines'] | undefined) ?? {},
      unknown: new Set((body['Unknown'] as string[] | undefined) ?? []),
      names: (body['Names'] as AsOfAnswer['names'] | undefined) ?? {},
      lastChange: (body['LastChange'] as AsOfAnswer['lastChange'] | undefined) ?? null,
    });
  }

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && asOf) {
      event.preventDefault();
      event.stopPropagation();
      setAsOf(null);
    }
  };

  return (
    <section className="erp-history" aria-label={tr('entities:history.title', 'History')} onKeyDown={onKeyDown}>
      <form className="erp-history-asof" onSubmit={(event) => void show(event)} noValidate aria-label={tr('entities:history.asOfLabel', 'As of a date')}>
        <label htmlFor={`${id}-date`}>{tr('entities:history.asOf', 'As of')}</label>
        <DateInput
          id={`${id}-date`}
          value={date}
          locale={language}
          onChange={setDate}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? `${id}-date-error` : undefined}
        />
        <button type="submit">{tr('entities:history.show', 'Show')}</button>
        {asOf ? (
          <button type="button" onClick={() => setAsOf(null)}>
            {tr('entities:history.backToChanges', 'Back to changes')}
          </button>
        ) : null}
        {dateError ? (
          <p id={`${id}-date-error`} className="erp-form-error" role="alert">
            {dateError}
          </p>
        ) : null}
      </form>

      {asOf ? (
        <AsOfView entity={entity} answer={asOf} current={props.current} ctx={ctx} />
      ) : (
        <>
          {message ? <p role="status">{message}</p> : null}
          {loaded && entries.length > 0 ? (
            <ol className="erp-history-list" aria-label={tr('entities:history.changes', 'Changes')}>
              {entries.map((entry, index) => {
                const when = formatDateTime(entry.On, language);
                const heading = tr(entry.Created ? 'entities:history.createdBy' : 'entities:history.changedBy', entry.Created ? 'Created by {{name}}' : 'Changed by {{name}}', { name: entry.ByName });
                const headingId = `${id}-entry-${index}`;
                return (
                  <li key={`${entry.On}-${entry.By}`} className="erp-history-entry" aria-labelledby={headingId}>
                    <p id={headingId} className="erp-history-when">
                      <time dateTime={entry.On}>{when}</time> · {heading}
                      <span className="erp-history-count"> · {tr('entities:history.count', '{{count}} changes', { count: entry.Changes.length })}</span>
                    </p>
                    <ul>
                      {entry.Changes.map((change, at) => (
                        <li key={at}>{changeText(entity, change, ctx, entry.Created)}</li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ol>
          ) : null}
          <Pager tr={tr} label={tr('entities:history.pages', 'History pages')} page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The record as of the chosen day, read-only in the form's layout; changed fields and lines marked. */
function AsOfView(props: { entity: AnyEntity; answer: AsOfAnswer; current: Record<string, unknown> | null; ctx: HistoryText }) {
  const { entity, answer, current, ctx } = props;
  const { tr, language } = ctx;
  const title = tr('entities:history.asOfTitle', 'As of the end of {{date}}', { date: formatCalendarDate(answer.date, language) });
  const record = answer.record;
  // The form's sections: the header's, the lines as tables, then those marked afterLines (a document's totals).
  // A master form shows the fields its layout does not place at the end; a document shows its layout only.
  const sections = useMemo(() => {
    if (!record) return { before: [], after: [] };
    const shown = (name: string) => Object.hasOwn(record, name) && entity.fields[name]!.type !== 'children' && !entity.fields[name]!.internal;
    const placed = new Set<string>();
    const list = entity.formLayout.sections.map((section) => {
      for (const row of section.rows) for (const name of row) placed.add(name);
      return { titleKey: section.titleKey, afterLines: section.afterLines === true, rows: section.rows.map((row) => row.filter(shown)).filter((row) => row.length > 0) };
    });
    const isDocument = Object.values(entity.fields).some((field) => field.type === 'children' && field.lines);
    const rest = isDocument ? [] : Object.keys(entity.fields).filter((name) => !placed.has(name) && shown(name));
    if (rest.length > 0) list.push({ titleKey: undefined, afterLines: false, rows: rest.map((name) => [name]) });
    const filled = list.filter((section) => section.rows.length > 0);
    return { before: filled.filter((section) => !section.afterLines), after: filled.filter((section) => section.afterLines) };
  }, [entity, record]);
  const collections = record ? Object.keys(entity.fields).filter((name) => entity.fields[name]!.type === 'children' && Object.hasOwn(record, name)) : [];
  const changedSince = tr('entities:history.changedSince', 'Changed since');

  const field = (name: string) => {
    const changed = answer.changed.has(name);
    const value = answer.unknown.has(name) ? tr('entities:history.notKept', '(not kept)') : valueText(entity, name, record![name], answer.names[name]?.[String(record![name])], ctx);
    return (
      <div key={name} className={changed ? 'erp-history-field erp-history-changed' : 'erp-history-field'} data-field={name} data-changed={changed || undefined}>
        <dt>{labelAt(entity, name, tr)}</dt>
        <dd>
          <span className="erp-history-value">{value}</span>
          {changed ? (
            <span className="erp-history-mark">
              {changedSince}
              {current ? ` · ${tr('entities:history.now', 'now: {{value}}', { value: valueText(entity, name, current[name], undefined, ctx) })}` : ''}
            </span>
          ) : null}
        </dd>
      </div>
    );
  };

  const fieldset = (section: { titleKey?: string | undefined; rows: string[][] }, index: number) => (
    <fieldset key={`${section.titleKey ?? ''}-${index}`} className="erp-form-section">
      {section.titleKey ? <legend>{tr(section.titleKey, '')}</legend> : null}
      {section.rows.map((row, rowIndex) => (
        <dl key={rowIndex} className="erp-form-row erp-history-row">
          {row.map(field)}
        </dl>
      ))}
    </fieldset>
  );

  return (
    <section className="erp-history-asof-view" aria-label={title}>
      <h4>{title}</h4>
      {answer.message ? <p role="status">{answer.message}</p> : null}
      {record ? (
        <>
          <p className="erp-history-summary" role="status">
            {tr('entities:history.differs', '{{count}} fields differ from today', { count: answer.changed.size })}
            {answer.lastChange
              ? ` · ${tr('entities:history.lastChange', 'last change before then: {{time}} by {{name}}', { time: formatDateTime(answer.lastChange.On, language), name: answer.lastChange.ByName })}`
              : ''}
          </p>
          {sections.before.map(fieldset)}
          {collections.map((name) => (
            <AsOfLines key={name} entity={entity} name={name} answer={answer} ctx={ctx} />
          ))}
          {sections.after.map(fieldset)}
        </>
      ) : null}
    </section>
  );
}

/** A line collection as of the day: its lines in order, removed-since lines marked, changed cells marked. */
function AsOfLines(props: { entity: AnyEntity; name: string; answer: AsOfAnswer; ctx: HistoryText }) {
  const { entity, name, answer, ctx } = props;
  const { tr } = ctx;
  const field = entity.fields[name] as ChildrenField & { labelKey?: string };
  const lines = (answer.record?.[name] as Record<string, unknown>[] | undefined) ?? [];
  const report = answer.lines[name];
  const removed = new Set(report?.Removed ?? []);
  const columns = Object.entries(field.fields).filter(([child, spec]) => child !== field.key && !spec.internal).map(([child]) => child);
  const label = labelAt(entity, name, tr);
  const changedSince = tr('entities:history.changedSince', 'Changed since');
  return (
    <section className="erp-history-lines" aria-label={label}>
      <table className="erp-subtable">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{tr('entities:history.lineNo', 'Line')}</th>
            {columns.map((child) => (
              <th key={child} scope="col">
                {labelAt(entity, `${name}.${child}`, tr)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const key = Number(line[field.key]);
            const moved = new Set(report?.Changed[String(key)] ?? []);
            const gone = removed.has(key);
            return (
              <tr key={key} className={gone ? 'erp-history-changed' : undefined} data-line={index + 1}>
                <th scope="row">
                  {index + 1}
                  {gone ? <span className="erp-history-mark">{tr('entities:history.removedSince', 'Removed since')}</span> : null}
                </th>
                {columns.map((child) => {
                  const path = `${name}.${child}`;
                  const text = valueText(entity, path, line[child], answer.names[path]?.[String(line[child])], ctx);
                  return (
                    <td key={child} className={moved.has(child) ? 'erp-history-changed' : undefined}>
                      {text}
                      {moved.has(child) ? <span className="erp-history-mark">{changedSince}</span> : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {report && report.Added.length > 0 ? <p className="erp-history-summary">{tr('entities:history.linesAdded', '{{count}} lines added since', { count: report.Added.length })}</p> : null}
    </section>
  );
}
