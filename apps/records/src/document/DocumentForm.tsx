/**
 * The document form (issue 12 "Documents" and "States and actions"): the header fields of the definition's
 * form layout, the line grid (LineGrid) of its line collection, the computed totals (the shared evaluator,
 * shared/src/entities/compute.ts, the same the server runs), the state, and exactly the actions the state
 * allows as buttons, each asked first when the definition gives a confirmation.
 *
 * Calls (quiet, the form shows each answer): GET/POST/PUT/DELETE /api/data/:entity[/:id] and
 * POST /api/data/:entity/:id/actions/:action { Version, Confirmations }. The §5 confirmation exchange: an
 * answer with ResultStatus 3 and Data.Question is asked Yes/No (`askUser`); Yes resends the same call with
 * the question's id added to `Confirmations`. A refused call shows the server's message (in the user's
 * language) and marks the fields and cells it names. When the state forbids edits the whole form is
 * read-only and says why. Unsaved changes: Save / Discard / Stay before closing.
 *
 * Props: entity (definition), recordId (null: new), canWrite, onClose(), onSaved().
 */
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { askUser } from '@erp/shared';
import type { AnyEntity, TransitionSpec } from '../../../../shared/src/entities/define.ts';
import { computeRecord } from '../../../../shared/src/entities/compute.ts';
import { Attachments } from '../form/Attachments.tsx';
import { FieldInput } from '../form/fields/FieldInput.tsx';
import { call, recordPath, type CallOutcome } from '../form/record-api.ts';
import { draftValue, wireValue, type Draft } from '../form/form-state.ts';
import { useText } from '../form/text.ts';
import { useUnsavedGuard } from '../form/unsaved.ts';
import { LineChildGrid } from './LineChildGrid.tsx';
import { LineGrid } from './LineGrid.tsx';
import {
  allowedActions,
  isBlankLine,
  isDeletable,
  isEditable,
  linesDraft,
  linesField,
  linesWire,
  newLineDraft,
  stateOf,
  type LineDraft,
} from './document-state.ts';

export interface DocumentFormProps {
  entity: AnyEntity;
  recordId: string | null;
  canWrite: boolean;
  onClose(): void;
  onSaved(): void;
  /** Shows the record's attachments (§5) under the lines once it is saved (DocumentScreenOptions.attachments). */
  attachments?: boolean;
}

type Banner = { kind: 'info' | 'error'; text: string } | null;

const NO_TOTALS: Readonly<Record<string, unknown>> = {};

interface Question {
  Id: string;
  Message: string;
}

function headerDraft(def: AnyEntity, record: Record<string, unknown> | null): Draft {
  const out: Draft = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.type === 'children' || field.type === 'set') continue;
    out[name] = draftValue(field, record ? record[name] : (field.defaultValue ?? null));
  }
  return out;
}

export function DocumentForm(props: DocumentFormProps) {
  const { entity: def } = props;
  const { tr, language } = useText();
  const lines = useMemo(() => linesField(def), [def]);
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [loaded, setLoaded] = useState(props.recordId === null);
  const [header, setHeader] = useState<Draft>(() => headerDraft(def, null));
  const [rows, setRows] = useState<LineDraft[]>(() => (lines ? [newLineDraft(lines.field)] : []));
  // Set by any edit, cleared when a record is shown: no per-keystroke comparison of a 500-line document.
  const [edited, setEdited] = useState(false);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [banner, setBanner] = useState<Banner>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const show = useCallback(
    (next: Record<string, unknown> | null) => {
      setRecord(next);
      const h = headerDraft(def, next);
      const r = lines ? (next ? linesDraft(lines.field, next[lines.name]) : [newLineDraft(lines.field)]) : [];
      setHeader(h);
      setRows(r);
      setEdited(false);
      setErrors(new Map());
    },
    [def, lines],
  );

  useEffect(() => {
    if (props.recordId === null) return;
    let live = true;
    void call<Record<string, unknown>>('GET', recordPath(def.name, props.recordId)).then((outcome) => {
      if (!live) return;
      if (outcome.status === 200 && outcome.body?.Data) show(outcome.body.Data);
      else setBanner({ kind: 'error', text: outcome.message ?? '' });
      setLoaded(true);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, props.recordId]);

  const editable = props.canWrite && isEditable(def, record);
  const state = stateOf(def, record);
  const computedNames = useMemo(() => new Set(Object.keys(def.computed).map((target) => target.split('.')[0]!)), [def]);
  const skipLine = useMemo(() => new Set(Object.keys(def.computed).filter((t) => t.includes('.')).map((t) => t.split('.')[1]!)), [def]);

  const writableHeader = useMemo(
    () =>
      Object.entries(def.fields)
        .filter(([name, field]) => field.type !== 'children' && field.type !== 'set' && !field.readOnly && !computedNames.has(name))
        .filter(([name]) => name !== def.key || (record === null && def.keyKind === 'natural'))
        .map(([name]) => name),
    [def, computedNames, record],
  );

  const dirty = loaded && edited;
  // Totals follow the typing at low priority (React's deferred value): a keystroke renders its own line first.
  // A form that shows no computed field has no totals: nothing is deferred, so showing a record (or a keystroke)
  // renders once instead of twice, and no line is converted to its wire form.
  const hasTotals = useMemo(
    () => def.formLayout.sections.some((section) => section.rows.some((row) => row.some((name) => computedNames.has(name)))),
    [def, computedNames],
  );
  const deferredHeader = useDeferredValue(hasTotals ? header : null);
  const deferredRows = useDeferredValue(hasTotals ? rows : null);

  // Each line's wire form once per line object (a keystroke changes one line; the other 499 are reused).
  const lineWire = useRef(new WeakMap<LineDraft, Record<string, unknown> | null>());
  /** The record as the evaluator and the server see it (wire values). */
  const wireOf = useCallback(
    (h: Draft, r: readonly LineDraft[]) => {
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.type === 'children' || field.type === 'set') continue;
        out[name] = wireValue(field, h[name]);
      }
      if (lines) {
        const list: Record<string, unknown>[] = [];
        for (const row of r) {
          let wired = lineWire.current.get(row);
          if (wired === undefined) {
            wired = isBlankLine(lines.field, row) ? null : linesWire(lines.field, [row])[0]!;
            lineWire.current.set(row, wired);
          }
          if (wired) list.push(wired);
        }
        out[lines.name] = list;
      }
      return out;
    },
    [def, lines],
  );
  const totals = useMemo(
    () => (deferredHeader && deferredRows ? computeRecord(def, wireOf(deferredHeader, deferredRows)) : NO_TOTALS),
    [def, wireOf, deferredHeader, deferredRows],
  );

  const computeLine = useCallback(
    (row: LineDraft) => {
      if (!lines) return {};
      const single = computeRecord(def, { [lines.name]: linesWire(lines.field, [row]) });
      return ((single[lines.name] as Record<string, unknown>[])[0] ?? {}) as Record<string, unknown>;
    },
    [def, lines],
  );

  const onLineChange = useCallback((rid: string, field: string, value: unknown) => {
    setEdited(true);
    setRows((current) => current.map((row) => (row._rid === rid ? { ...row, [field]: value } : row)));
  }, []);
  const onAdd = useCallback(() => {
    if (lines) setRows((current) => [...current, newLineDraft(lines.field)]);
  }, [lines]);
  const onDelete = useCallback(
    async (rid: string, index: number) => {
      const answer = await askUser({
        heading: tr('records:document.deleteLine', 'Delete line'),
        message: tr('records:document.confirmDeleteLine', 'Delete line {{line}}?', { line: index + 1 }),
        actions: [
          { id: 'yes', label: tr('records:document.yes', 'Yes'), variant: 'danger' },
          { id: 'no', label: tr('records:document.no', 'No') },
        ],
      });
      if (answer === 'yes') {
        setEdited(true);
        setRows((current) => current.filter((row) => row._rid !== rid));
      }
    },
    [tr],
  );
  const onDeleteLine = useCallback((rid: string, index: number) => void onDelete(rid, index), [onDelete]);
  // The selected line (the last one the focus entered): the "Delete line" button acts on it, and says
  // the definition's selectLineKey (§8 "Select a GL detail row.") when there is none.
  const [selectedLine, setSelectedLine] = useState<string | null>(null);
  const deleteSelectedLine = () => {
    const index = selectedLine === null ? -1 : rows.findIndex((row) => row._rid === selectedLine);
    if (index < 0) {
      setBanner({ kind: 'error', text: tr(lines?.field.selectLineKey ?? 'records:messages.selectRow', 'Select a row.') });
      return;
    }
    void onDelete(selectedLine!, index);
  };

  /** Sends a call, asking each §5 question the server raises; answers the final outcome. */
  async function exchange(send: (confirmations: string[]) => Promise<CallOutcome<Record<string, unknown>>>) {
    const confirmations: string[] = [];
    for (;;) {
      const outcome = await send(confirmations);
      const question = (outcome.body?.Data as { Question?: Question } | undefined)?.Question;
      if (outcome.body?.ResultStatus === 3 && question && !confirmations.includes(question.Id)) {
        const answer = await askUser({
          heading: tr(def.labelKey, def.name),
          message: question.Message,
          actions: [
            { id: 'yes', label: tr('records:document.yes', 'Yes'), variant: 'primary' },
            { id: 'no', label: tr('records:document.no', 'No') },
          ],
        });
        if (answer !== 'yes') return null;
        confirmations.push(question.Id);
        continue;
      }
      return outcome;
    }
  }

  function report(outcome: CallOutcome<unknown>) {
    const list = ((outcome.body?.Data as { Errors?: { field: string; message: string }[] } | undefined)?.Errors ?? []);
    setErrors(new Map(list.map((issue) => [issue.field, issue.message])));
    setBanner({ kind: 'error', text: outcome.message ?? '' });
  }

  async function save(): Promise<Record<string, unknown> | null> {
    const wire = wireOf(header, rows);
    const body: Record<string, unknown> = {};
    for (const name of writableHeader) body[name] = wire[name];
    if (lines) body[lines.name] = linesWire(lines.field, rows.filter((row) => !isBlankLine(lines.field, row)), skipLine);
    if (record) body['Version'] = record['Version'];
    setBusy(true);
    try {
      const outcome = await exchange((confirmations) => {
        const sent = confirmations.length > 0 ? { ...body, Confirmations: confirmations } : body;
        return record ? call('PUT', recordPath(def.name, String(record[def.key])), sent) : call('POST', `data/${encodeURIComponent(def.name)}`, sent);
      });
      if (!outcome) return null;
      if (outcome.status >= 200 && outcome.status < 300 && outcome.body?.ResultStatus !== 2) {
        const saved = (outcome.body?.Data as Record<string, unknown> | undefined) ?? record;
        show(saved ?? null);
        setBanner({ kind: 'info', text: outcome.body?.Message ?? '' });
        props.onSaved();
        return saved ?? null;
      }
      report(outcome);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function run(transition: TransitionSpec) {
    if (transition.confirmKey) {
      const answer = await askUser({
        heading: tr(transition.labelKey, transition.action),
        message: tr(transition.confirmKey, ''),
        actions: [
          { id: 'yes', label: tr('records:document.yes', 'Yes'), variant: 'primary' },
          { id: 'no', label: tr('records:document.no', 'No') },
        ],
      });
      if (answer !== 'yes') return;
    }
    let current = record;
    if ((dirty || !record) && editable) {
      current = await save();
      if (!current) return;
    }
    if (!current) return;
    setBusy(true);
    try {
      const outcome = await exchange((confirmations) =>
        call('POST', `${recordPath(def.name, String(current![def.key]))}/actions/${encodeURIComponent(transition.action)}`, {
          Version: current!['Version'],
          ...(confirmations.length > 0 ? { Confirmations: confirmations } : {}),
        }),
      );
      if (!outcome) return;
      if (outcome.status === 200 && outcome.body?.ResultStatus === 1) {
        show((outcome.body.Data as Record<string, unknown>) ?? current);
        setBanner({ kind: 'info', text: outcome.body.Message ?? '' });
        props.onSaved();
      } else report(outcome);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!record) return;
    const answer = await askUser({
      heading: tr('entities:actions.delete', 'Delete'),
      message: tr('entities:confirm.delete', 'Delete this record?'),
      actions: [
        { id: 'yes', label: tr('records:document.yes', 'Yes'), variant: 'danger' },
        { id: 'no', label: tr('records:document.no', 'No') },
      ],
    });
    if (answer !== 'yes') return;
    const outcome = await call('DELETE', recordPath(def.name, String(record[def.key])), undefined, { Version: record['Version'] as number });
    if (outcome.status === 200) {
      props.onSaved();
      props.onClose();
    } else report(outcome);
  }

  // Save / Discard / Stay before the tab closes or Back (the record form's guard).
  const { leaveAllowed } = useUnsavedGuard(dirty, async () => (await save()) !== null);

  async function back() {
    if (!(await leaveAllowed())) return;
    props.onClose();
  }

  // In the commit, not after the paint: the first frame of the loaded form already has the focus on its heading
  // (a passive effect of a render the GET's answer started would wait for that paint and the deferred render).
  useLayoutEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  if (!loaded) return <p className="records-loading" aria-busy="true" />;

  const actions = props.canWrite ? allowedActions(def, record, null) : [];
  const title = tr(def.labelKey, def.name);
  const numberField = def.numbering?.field ?? def.key;
  const recordTitle = record ? String(record[numberField] ?? record[def.key] ?? '') : tr('forms:title.new', 'New');
  const stateField = def.states ? (def.fields[def.states.field] as { options?: readonly { value: string; labelKey: string }[] }) : null;
  const stateLabel = state && stateField?.options ? tr(stateField.options.find((option) => option.value === state)?.labelKey ?? '', state) : state;

  return (
    <section className="erp-entity-form erp-document" data-entity={def.name} data-state={state ?? undefined} aria-busy={busy || undefined}>
      <header className="erp-form-header">
        <button type="button" className="erp-form-back" onClick={() => void back()}>
          {tr('forms:actions.back', 'Back to list')}
        </button>
        <h3 tabIndex={-1} ref={headingRef}>
          {title}: <span className="erp-form-record">{recordTitle}</span>
        </h3>
        {state && (
          <p className="erp-document-state" role="status">
            {tr('records:document.state', 'State')}: <strong data-document-state={state}>{stateLabel}</strong>
          </p>
        )}
        <div className="erp-form-actions" role="toolbar" aria-label={tr('forms:actions.toolbar', 'Record actions')}>
          {editable && (
            <button type="button" className={actions.length === 0 ? 'erp-primary' : undefined} disabled={busy} onClick={() => void save()} aria-keyshortcuts="Control+S">
              {tr('entities:actions.save', 'Save')}
            </button>
          )}
          {actions.map((transition) => (
            <button
              key={transition.action}
              type="button"
              className={transition.primary ? 'erp-primary' : undefined}
              disabled={busy}
              data-action={transition.action}
              aria-keyshortcuts={transition.hotkey?.replace('Alt', 'Alt').replace('Ctrl', 'Control')}
              onClick={() => void run(transition)}
            >
              {tr(transition.labelKey, transition.action)}
            </button>
          ))}
          {props.canWrite && isDeletable(def, record) && (
            <button type="button" className="erp-danger" disabled={busy} onClick={() => void remove()}>
              {tr('entities:actions.delete', 'Delete')}
            </button>
          )}
        </div>
      </header>
      {!editable && record && props.canWrite && (
        <p className="erp-form-message" role="note">
          {tr('records:document.readOnly', 'This document is {{state}}: it can no longer be changed.', { state: stateLabel })}
        </p>
      )}
      {banner && banner.text && (
        <p className={`erp-form-message${banner.kind === 'error' ? ' erp-form-error' : ''}`} role={banner.kind === 'error' ? 'alert' : 'status'}>
          {banner.text}
        </p>
      )}
      <div className="erp-form-body">
        {def.formLayout.sections.map((section, index) => (
          <fieldset key={index} className="erp-form-section">
            {section.titleKey && <legend>{tr(section.titleKey, '')}</legend>}
            {section.rows.map((fieldRow, rowIndex) => (
              <div key={rowIndex} className="erp-form-row">
                {fieldRow.map((name) => {
                  const field = def.fields[name]!;
                  const computed = computedNames.has(name);
                  const value = computed ? draftValue(field, totals[name]) : header[name];
                  const readOnly = !editable || !writableHeader.includes(name);
                  const error = errors.get(name);
                  return (
                    <FieldInput
                      key={name}
                      prefix={`doc-${def.name}`}
                      name={name}
                      field={field}
                      value={value}
                      readOnly={readOnly}
                      errors={error ? [error] : []}
                      issues={[]}
                      onChange={(next) => {
                        setEdited(true);
                        setHeader((current) => ({ ...current, [name]: next }));
                      }}
                    />
                  );
                })}
              </div>
            ))}
          </fieldset>
        ))}
        {lines && (
          <fieldset className="erp-form-section erp-document-lines">
            <legend>{tr(lines.field.labelKey ?? '', lines.name)}</legend>
            {errors.get(lines.name) && <p className="erp-field-error">{errors.get(lines.name)}</p>}
            <LineGrid
              name={lines.name}
              field={lines.field}
              rows={rows}
              computeLine={computeLine}
              readOnly={!editable}
              errors={errors}
              language={language}
              tr={tr}
              onChange={onLineChange}
              onAdd={onAdd}
              onDelete={onDeleteLine}
              onSelect={setSelectedLine}
            />
            {editable && (
              <button type="button" className="erp-add-line" onClick={onAdd}>
                {tr('records:document.addLine', 'Add line')}
              </button>
            )}
            {editable && (
              <button type="button" className="erp-delete-line" onClick={deleteSelectedLine}>
                {tr('records:document.deleteLine', 'Delete line')}
              </button>
            )}
            {Object.entries(lines.field.lineChildren ?? {}).map(([subName, sub]) => {
              // The selected line's own child rows (e.g. its lot numbers); the first line until one is chosen.
              const index = Math.max(0, rows.findIndex((row) => row._rid === selectedLine));
              const line = rows[index];
              if (!line) return null;
              return (
                <LineChildGrid
                  key={`${subName}-${line._rid}`}
                  name={subName}
                  definition={sub}
                  linePath={`${lines.name}[${index}]`}
                  lineNumber={index + 1}
                  lineValue={sub.sumEquals ? line[sub.sumEquals.lineField] : undefined}
                  rows={Array.isArray(line[subName]) ? (line[subName] as Draft[]) : []}
                  readOnly={!editable}
                  errors={errors}
                  language={language}
                  tr={tr}
                  onChange={(next) => onLineChange(line._rid, subName, next)}
                />
              );
            })}
          </fieldset>
        )}
        {props.attachments && def.attachments && record && (
          <fieldset className="erp-form-section erp-document-attachments">
            <legend>{tr('entities:actions.attachments', 'Attachments')}</legend>
            <Attachments entity={def.name} recordId={String(record[def.key])} canWrite={props.canWrite} onChanged={() => undefined} />
          </fieldset>
        )}
      </div>
    </section>
  );
}
