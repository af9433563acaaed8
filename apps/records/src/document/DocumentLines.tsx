/**
 * The document form's lines section (DocumentForm): the line grid of the definition's line collection, its
 * error, "Add line" and "Delete line" (the selected line) while editable, and the selected line's own child
 * rows (LineChildGrid, e.g. its lot numbers; the first line until one is chosen) — with an `onlyWhen`, only
 * when the line's lookup names a record carrying that lookup mark (issue 21 item 5: lots of lot-tracked
 * products), or when the line already has such rows (so they can be removed). A collection with `expanded` also
 * offers the expanded line window (ExpandedLine: "Expand line", or Ctrl+Enter in a line); one with `sources` a
 * button per source ("Add from sales order": LineSourceDialog, opened by the form).
 */
import { useEffect, useState } from 'react';
import { ExpandedLine } from './ExpandedLine.tsx';
import type { LineChildrenDefinition, LineSource } from '../../../../shared/src/entities/define.ts';
import { ariaShortcut } from '../list/keyboard.ts';
import { lookupRecords, type LookupRow } from '../form/record-api.ts';
import type { Draft } from '../form/form-state.ts';
import type { Tr } from '../form/text.ts';
import { LineChildGrid } from './LineChildGrid.tsx';
import { LineGrid } from './LineGrid.tsx';
import type { DocumentModel } from './use-document.ts';

/**
 * Whether `definition.onlyWhen` holds for `value` (the line's lookup value): its target record carries the mark,
 * as the field's own lookup answers it (the screen's rights). true without onlyWhen; false while unknown.
 */
function useOnlyWhen(definition: LineChildrenDefinition, entity: string | null, from: string, fieldPath: string | null, value: unknown): boolean {
  const wanted = typeof value === 'string' ? value.trim() : '';
  const [marked, setMarked] = useState<{ value: string; holds: boolean } | null>(null);
  useEffect(() => {
    if (!definition.onlyWhen || !entity || !fieldPath || !wanted) return;
    let current = true;
    void lookupRecords(entity, wanted, { from, field: fieldPath }).then((outcome) => {
      if (!current) return;
      const rows = outcome.status === 200 ? ((outcome.body?.List ?? []) as (LookupRow & { MarkFields?: string[] })[]) : [];
      const hit = rows.find((row) => row.Value.toUpperCase() === wanted.toUpperCase());
      setMarked({ value: wanted, holds: Boolean(hit?.MarkFields?.includes(definition.onlyWhen!.mark)) });
    });
    return () => {
      current = false;
    };
  }, [definition, entity, from, fieldPath, wanted]);
  if (!definition.onlyWhen) return true;
  return marked !== null && marked.value === wanted && marked.holds;
}

/** One line's child-row section, shown when its `onlyWhen` holds (or it already has rows). */
function ChildSection(props: { from: string; linesName: string; lineFields: Readonly<Record<string, unknown>>; line: DocumentModel['rows'][number]; index: number; subName: string; sub: LineChildrenDefinition; model: DocumentModel; editable: boolean; errors: ReadonlyMap<string, string>; language: string; tr: Tr }) {
  const { line, index, subName, sub } = props;
  const condition = sub.onlyWhen;
  const lookup = condition ? (props.lineFields[condition.field] as { type?: string; entity?: string } | undefined) : undefined;
  const holds = useOnlyWhen(sub, lookup?.type === 'lookup' ? (lookup.entity ?? null) : null, props.from, condition ? `${props.linesName}.${condition.field}` : null, condition ? line[condition.field] : null);
  const rows = Array.isArray(line[subName]) ? (line[subName] as Draft[]) : [];
  if (!holds && rows.length === 0) return null;
  return (
    <LineChildGrid
      name={subName}
      definition={sub}
      linePath={`${props.linesName}[${index}]`}
      lineNumber={index + 1}
      lineValue={sub.sumEquals ? line[sub.sumEquals.lineField] : undefined}
      rows={rows}
      readOnly={!props.editable}
      errors={props.errors}
      language={props.language}
      tr={props.tr}
      onChange={(next) => props.model.onLineChange(line._rid, subName, next)}
      context={{ ...props.model.header, ...line }}
    />
  );
}

export interface DocumentLinesProps {
  from: string;
  model: DocumentModel;
  editable: boolean;
  language: string;
  tr: Tr;
  /** Saves the document (the expanded line window's OK); true when saved. */
  onSave(): Promise<boolean>;
  /** Opens a line source's dialog (definition `sources`, LineSourceDialog, held by the form for its hotkey). */
  onSource?(source: LineSource): void;
}

export function DocumentLines({ from, model, editable, language, tr, onSave, onSource }: DocumentLinesProps) {
  const { lines, rows, errors, selectedLine } = model;
  // The line whose expanded window is open (definition `expanded`), by its stable id.
  const [expanded, setExpanded] = useState<string | null>(null);
  if (!lines) return null;
  const expandedIndex = expanded === null ? -1 : rows.findIndex((row) => row._rid === expanded);
  const expandable = Boolean(lines.field.expanded);
  /** "Expand line": the selected line (the first until one is chosen). */
  const expandSelected = () => {
    const index = Math.max(0, rows.findIndex((row) => row._rid === selectedLine));
    if (rows[index]) setExpanded(rows[index]!._rid);
  };
  return (
    <fieldset className="erp-form-section erp-document-lines" data-f2-region="lines">
      <legend>{tr(lines.field.labelKey ?? '', lines.name)}</legend>
      {errors.get(lines.name) && <p className="erp-field-error">{errors.get(lines.name)}</p>}
      <LineGrid
        from={from}
        record={model.header}
        name={lines.name}
        field={lines.field}
        rows={rows}
        computeLine={model.computeLine}
        readOnly={!editable}
        errors={errors}
        language={language}
        tr={tr}
        onChange={model.onLineChange}
        onAdd={model.onAdd}
        onDelete={model.onDeleteLine}
        onSelect={model.setSelectedLine}
        onExpand={expandable ? setExpanded : undefined}
      />
      {editable && (
        <button type="button" className="erp-add-line" onClick={model.onAdd}>
          {tr('records:document.addLine', 'Add line')}
        </button>
      )}
      {editable && (
        <button type="button" className="erp-delete-line" onClick={model.deleteSelectedLine}>
          {tr('records:document.deleteLine', 'Delete line')}
        </button>
      )}
      {editable &&
        onSource &&
        lines.field.sources?.map((source) => (
          <button
            key={source.id}
            type="button"
            className="erp-line-source-open"
            data-source={source.id}
            onClick={() => onSource(source)}
            aria-keyshortcuts={ariaShortcut(source.hotkey)}
            title={source.hotkey ? `${tr(source.labelKey, source.id)} (${source.hotkey})` : undefined}
          >
            {tr(source.labelKey, source.id)}
          </button>
        ))}
      {expandable && rows.length > 0 && (
        <button type="button" className="erp-expand-line" onClick={expandSelected} aria-keyshortcuts="Control+Enter" title={`${tr('records:document.expandLine', 'Expand line')} (Ctrl+Enter)`}>
          {tr('records:document.expandLine', 'Expand line')}
        </button>
      )}
      {expandedIndex >= 0 && (
        <ExpandedLine
          from={from}
          linesName={lines.name}
          field={lines.field}
          header={model.header}
          row={rows[expandedIndex]!}
          index={expandedIndex}
          computed={model.computeLine(rows[expandedIndex]!)}
          editable={editable}
          errors={errors}
          tr={tr}
          onChange={(field, value) => model.onLineChange(expanded!, field, value)}
          onSave={onSave}
          onClose={() => setExpanded(null)}
        />
      )}
      {Object.entries(lines.field.lineChildren ?? {}).map(([subName, sub]) => {
        // The selected line's own child rows (e.g. its lot numbers); the first line until one is chosen.
        const index = Math.max(0, rows.findIndex((row) => row._rid === selectedLine));
        const line = rows[index];
        if (!line) return null;
        return (
          <ChildSection
            key={`${subName}-${line._rid}`}
            from={from}
            linesName={lines.name}
            lineFields={lines.field.fields}
            line={line}
            index={index}
            subName={subName}
            sub={sub}
            model={model}
            editable={editable}
            errors={errors}
            language={language}
            tr={tr}
          />
        );
      })}
    </fieldset>
  );
}
