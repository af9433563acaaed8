/**
 * The document form's model (DocumentForm): the record shown, the header draft and the lines, loading,
 * which header fields are written and which are computed, the totals the shared evaluator computes as the
 * user types (deferred, each line's wire form cached per line object), and the line edits (change, add,
 * delete — no question: Discard undoes it —, the selected line).
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { AnyEntity } from '../../../../shared/src/entities/define.ts';
import { computeRecord } from '../../../../shared/src/entities/compute.ts';
import { call, recordPath } from '../form/record-api.ts';
import { draftValue, wireValue, type Draft } from '../form/form-state.ts';
import type { Tr } from '../form/text.ts';
import { useBanner } from '../form/banner.ts';
import { isBlankLine, linesDraft, linesField, linesWire, newLineDraft, type LineDraft } from './document-state.ts';

export type Banner = { kind: 'info' | 'error'; text: string } | null;

const NO_TOTALS: Readonly<Record<string, unknown>> = {};

/** Today in the user's time zone (the browser's clock and zone), as a calendar date. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The header's input form; on a new document (issue 21 item 3) the document's date — its first required
 * date field without a default — is today.
 */
export function headerDraft(def: AnyEntity, record: Record<string, unknown> | null, today = todayIso(), defaults: Readonly<Record<string, unknown>> = {}): Draft {
  const out: Draft = {};
  let dated = record !== null;
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.type === 'children' || field.type === 'set') continue;
    const dateToday = !dated && field.type === 'date' && field.required === true && field.defaultValue === undefined && !field.readOnly;
    if (dateToday) dated = true;
    const fresh = name in defaults ? defaults[name] : dateToday ? today : (field.defaultValue ?? null);
    out[name] = draftValue(field, record ? record[name] : fresh);
  }
  return out;
}

/** `defaults`: a new document's values from the route's view (definition routeViews, e.g. a TA order's type). */
export function useDocument(def: AnyEntity, recordId: string | null, tr: Tr, defaults: Readonly<Record<string, unknown>> = NO_TOTALS) {
  const lines = useMemo(() => linesField(def), [def]);
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [loaded, setLoaded] = useState(recordId === null);
  const [header, setHeader] = useState<Draft>(() => headerDraft(def, null, todayIso(), defaults));
  const [rows, setRows] = useState<LineDraft[]>(() => (lines ? [newLineDraft(lines.field)] : []));
  // Set by any edit, cleared when a record is shown: no per-keystroke comparison of a 500-line document.
  const [edited, setEdited] = useState(false);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  // Issue 71 item 2: a banner follows a language switch (banner.ts).
  const [banner, setBanner] = useBanner<'info' | 'error'>();

  const show = useCallback(
    (next: Record<string, unknown> | null) => {
      setRecord(next);
      const h = headerDraft(def, next, todayIso(), defaults);
      const r = lines ? (next ? linesDraft(lines.field, next[lines.name]) : [newLineDraft(lines.field)]) : [];
      setHeader(h);
      setRows(r);
      setEdited(false);
      setErrors(new Map());
    },
    [def, lines, defaults],
  );

  useEffect(() => {
    if (recordId === null) return;
    let live = true;
    void call<Record<string, unknown>>('GET', recordPath(def.name, recordId)).then((outcome) => {
      if (!live) return;
      if (outcome.status === 200 && outcome.body?.Data) show(outcome.body.Data);
      else setBanner({ kind: 'error', text: outcome.message ?? '' });
      setLoaded(true);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, recordId]);

  // Issue 71 item 2: the derived figures (definition `derived`: what the save computes, e.g. a run's total paid)
  // are evaluated with the computed fields, so they follow every change as the computed ones do.
  const figures = useMemo<AnyEntity>(() => (Object.keys(def.derived).length === 0 ? def : { ...def, computed: { ...def.computed, ...def.derived } }), [def]);
  const computedNames = useMemo(() => new Set(Object.keys(figures.computed).map((target) => target.split('.')[0]!)), [figures]);
  const skipLine = useMemo(() => new Set(Object.keys(def.computed).filter((t) => t.includes('.')).map((t) => t.split('.')[1]!)), [def]);

  const writableHeader = useMemo(
    () =>
      Object.entries(def.fields)
        .filter(([name, field]) => field.type !== 'children' && field.type !== 'set' && !field.readOnly && !computedNames.has(name))
        .filter(([name]) => name !== def.key || (record === null && def.keyKind === 'natural'))
        .map(([name]) => name),
    [def, computedNames, record],
  );

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
  // Read-only line fields a derived figure sums (a sales order line's Amount, filled by its linePreview): the
  // evaluator sees them, the save does not send them.
  const shownLineFields = useMemo(() => {
    if (!lines) return [];
    const summed = new Set(Object.values(def.derived).flatMap((formula) => (formula.op === 'sum' && formula.collection === lines.name ? [formula.field] : [])));
    return Object.entries(lines.field.fields).filter(([name, child]) => summed.has(name) && child.readOnly);
  }, [def, lines]);
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
            if (wired) for (const [name, child] of shownLineFields) wired[name] = wireValue(child, row[name]);
            lineWire.current.set(row, wired);
          }
          if (wired) list.push(wired);
        }
        out[lines.name] = list;
      }
      return out;
    },
    [def, lines, shownLineFields],
  );
  const totals = useMemo(
    () => (deferredHeader && deferredRows ? computeRecord(figures, wireOf(deferredHeader, deferredRows)) : NO_TOTALS),
    [figures, wireOf, deferredHeader, deferredRows],
  );

  const computeLine = useCallback(
    (row: LineDraft) => {
      if (!lines) return {};
      const single = computeRecord(def, { [lines.name]: linesWire(lines.field, [row]) });
      return ((single[lines.name] as Record<string, unknown>[])[0] ?? {}) as Record<string, unknown>;
    },
    [def, lines],
  );

  const onHeaderChange = (name: string, next: unknown) => {
    setEdited(true);
    setHeader((current) => ({ ...current, [name]: next }));
  };
  // The definition's linePreview (issue 26): once the user pauses on a line, the server's figures for it (a sales
  // order line's price and availability) fill its read-only fields; an answer for values since changed is dropped.
  const preview = lines?.field.linePreview;
  const latest = useRef({ header, rows });
  useEffect(() => {
    latest.current = { header, rows };
  });
  const previewTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = previewTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);
  /** What the line preview reads of a header (linePreview.header; every header field when not declared). */
  const previewKey = useCallback(
    (h: Draft) => (preview ? JSON.stringify((preview.header ?? Object.keys(h).sort()).map((name) => h[name] ?? null)) : ''),
    [preview],
  );
  const askPreview = useCallback(
    (rid: string) => {
      if (!lines || !preview) return;
      clearTimeout(previewTimers.current.get(rid));
      previewTimers.current.set(
        rid,
        setTimeout(() => {
          const row = latest.current.rows.find((candidate) => candidate._rid === rid);
          if (!row || isBlankLine(lines.field, row)) return;
          const sent = preview.on.map((name) => row[name]);
          const sentHeader = previewKey(latest.current.header);
          const { [lines.name]: _lines, ...headerWire } = wireOf(latest.current.header, []);
          void call<Record<string, unknown>>('POST', preview.path, { Header: headerWire, Line: linesWire(lines.field, [row])[0] }).then((outcome) => {
            const data = outcome.status === 200 ? outcome.body?.Data : null;
            // An answer for a header since changed is dropped too (the change asked again).
            if (!data || previewKey(latest.current.header) !== sentHeader) return;
            setRows((current) =>
              current.map((candidate) => {
                if (candidate._rid !== rid || preview.on.some((name, index) => candidate[name] !== sent[index])) return candidate;
                const filled: LineDraft = { ...candidate };
                let changed = false;
                for (const [name, value] of Object.entries(data)) {
                  const child = lines.field.fields[name];
                  if (!child?.readOnly) continue;
                  filled[name] = draftValue(child, value);
                  changed ||= filled[name] !== candidate[name];
                }
                // An answer that changes nothing keeps the line as it is (lines a pick brought stay the pick's:
                // another pick may still replace them, fillBlankLines).
                return changed ? filled : candidate;
              }),
            );
          });
        }, 120),
      );
    },
    [lines, preview, wireOf, previewKey],
  );
  // Issue 71 item 2: the lines' server figures follow the header as well (the warehouse → each line's Available, the
  // customer → its prices and taxes, and so the derived totals): a change of what the preview reads of the header,
  // typed or set by a pick's defaults, asks again for every line. A record shown (no edit) asks nothing.
  const headerKey = useMemo(() => previewKey(header), [previewKey, header]);
  const previewedHeader = useRef(headerKey);
  useEffect(() => {
    if (previewedHeader.current === headerKey) return;
    previewedHeader.current = headerKey;
    if (!edited || !lines) return;
    for (const row of latest.current.rows) if (!isBlankLine(lines.field, row)) askPreview(row._rid);
  }, [headerKey, edited, lines, askPreview]);
  // Defaults on pick of a line field (issue 40 item 5, definition `defaults['Lines.ProductId']`): once the value
  // settles, the server's defaults for that line (a PO line's price) fill its fields that are blank or still hold
  // the last pick's default (a price the user typed stays); an answer for a value since changed is dropped.
  const lineDefaultTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const lineApplied = useRef(new Map<string, Record<string, unknown>>());
  useEffect(() => {
    const timers = lineDefaultTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);
  const askLineDefaults = useCallback(
    (rid: string, field: string) => {
      if (!lines) return;
      const trigger = `${lines.name}.${field}`;
      clearTimeout(lineDefaultTimers.current.get(rid));
      lineDefaultTimers.current.set(
        rid,
        setTimeout(() => {
          const row = latest.current.rows.find((candidate) => candidate._rid === rid);
          const sent = row?.[field];
          if (!row || typeof sent !== 'string' || sent.trim() === '') return;
          const { [lines.name]: _lines, ...headerWire } = wireOf(latest.current.header, []);
          void call<Record<string, unknown>>('POST', `defaults/${encodeURIComponent(def.name)}`, { Field: trigger, Values: headerWire, Line: linesWire(lines.field, [row])[0] }).then((outcome) => {
            const data = outcome.status === 200 ? outcome.body?.Data : null;
            if (!data) return;
            const applied = lineApplied.current.get(rid) ?? {};
            setRows((current) =>
              current.map((candidate) => {
                if (candidate._rid !== rid || candidate[field] !== sent) return candidate;
                const filled: LineDraft = { ...candidate };
                for (const [name, value] of Object.entries(data)) {
                  const child = lines.field.fields[name];
                  if (!child || value === null || value === undefined || value === '') continue;
                  const now = candidate[name];
                  if (child.readOnly || now === null || now === undefined || now === '' || now === applied[name]) filled[name] = applied[name] = draftValue(child, value);
                }
                return filled;
              }),
            );
            lineApplied.current.set(rid, applied);
          });
        }, 300),
      );
    },
    [def, lines, wireOf],
  );
  const onLineChange = useCallback(
    (rid: string, field: string, value: unknown) => {
      setEdited(true);
      setRows((current) => current.map((row) => (row._rid === rid ? { ...row, [field]: value } : row)));
      if (preview?.on.includes(field)) askPreview(rid);
      if (lines && def.defaults[`${lines.name}.${field}`]) askLineDefaults(rid, field);
    },
    [preview, askPreview, lines, def, askLineDefaults],
  );
  const onAdd = useCallback(() => {
    if (lines) setRows((current) => [...current, newLineDraft(lines.field)]);
  }, [lines]);
  /** Line drafts of wire lines (their key left out: new lines of this document). */
  const draftLines = useCallback(
    (added: readonly Readonly<Record<string, unknown>>[]) =>
      added.map((values) => {
        const row = newLineDraft(lines!.field);
        for (const [name, value] of Object.entries(values)) {
          const child = lines!.field.fields[name];
          if (child && name !== lines!.field.key) row[name] = draftValue(child, value);
        }
        return row;
      }),
    [lines],
  );
  /** Lines taken from another document (definition `sources`): appended after the lines typed, blank ones dropped. */
  const appendLines = useCallback(
    (added: readonly Readonly<Record<string, unknown>>[]) => {
      if (!lines || added.length === 0) return;
      const fresh = draftLines(added);
      setEdited(true);
      setRows((current) => [...current.filter((row) => !isBlankLine(lines.field, row)), ...fresh]);
    },
    [lines, draftLines],
  );
  // The lines the last pick brought, as it brought them (row objects: an edit replaces its row).
  const pickedLines = useRef<readonly LineDraft[] | null>(null);
  /**
   * Lines a pick's defaults bring (issue 71 item 2: a vendor invoice's receipt lines): taken while every line is
   * blank or the lines are still exactly the last pick's (another receipt picked), so nothing typed is replaced.
   */
  const fillBlankLines = useCallback(
    (added: readonly Readonly<Record<string, unknown>>[]) => {
      if (!lines || added.length === 0) return;
      const current = latest.current.rows;
      const picked = pickedLines.current;
      const asPicked = picked !== null && current.length === picked.length && current.every((row, index) => row === picked[index]);
      if (!asPicked && !current.every((row) => isBlankLine(lines.field, row))) return;
      const fresh = draftLines(added);
      pickedLines.current = fresh;
      setEdited(true);
      setRows(fresh);
    },
    [lines, draftLines],
  );
  // Issue 71 item 2: deleting a line asks nothing — it is an edit of the draft like any other, undone by Discard
  // (docs/keyboard.md: reversible actions ask nothing). The focus goes on to the line that takes its place (ui's focus keeper).
  const onDelete = useCallback((rid: string) => {
    setEdited(true);
    setRows((current) => current.filter((row) => row._rid !== rid));
  }, []);
  const onDeleteLine = onDelete;
  // The selected line (the last one the focus entered): the "Delete line" button acts on it, and says
  // the definition's selectLineKey (§8 "Select a GL detail row.") when there is none.
  const [selectedLine, setSelectedLine] = useState<string | null>(null);
  const deleteSelectedLine = () => {
    const index = selectedLine === null ? -1 : rows.findIndex((row) => row._rid === selectedLine);
    if (index < 0) {
      setBanner({ kind: 'error', text: () => tr(lines?.field.selectLineKey ?? 'records:messages.selectRow', 'Select a row.') });
      return;
    }
    onDelete(selectedLine!);
  };

  /** The body of a save: the writable header fields, the lines that are not blank, the record's Version. */
  const saveBody = (): Record<string, unknown> => {
    const wire = wireOf(header, rows);
    const body: Record<string, unknown> = {};
    for (const name of writableHeader) body[name] = wire[name];
    if (lines) body[lines.name] = linesWire(lines.field, rows.filter((row) => !isBlankLine(lines.field, row)), skipLine);
    if (record) body['Version'] = record['Version'];
    return body;
  };

  return {
    lines,
    record,
    loaded,
    header,
    rows,
    dirty: loaded && edited,
    errors,
    setErrors,
    banner,
    setBanner,
    show,
    computedNames,
    writableHeader,
    totals,
    computeLine,
    saveBody,
    onHeaderChange,
    onLineChange,
    onAdd,
    appendLines,
    fillBlankLines,
    onDeleteLine,
    selectedLine,
    setSelectedLine,
    deleteSelectedLine,
  };
}

/** The document form's model, as its parts read it. */
export type DocumentModel = ReturnType<typeof useDocument>;
