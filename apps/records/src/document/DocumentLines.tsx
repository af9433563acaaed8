/**
 * The document form's lines section (DocumentForm): the line grid of the definition's line collection, its
 * error, "Add line" and "Delete line" (the selected line) while editable, and the selected line's own child
 * rows (LineChildGrid, e.g. its lot numbers; the first line until one is chosen).
 */
import type { Draft } from '../form/form-state.ts';
import type { Tr } from '../form/text.ts';
import { LineChildGrid } from './LineChildGrid.tsx';
import { LineGrid } from './LineGrid.tsx';
import type { DocumentModel } from './use-document.ts';

export function DocumentLines({ from, model, editable, language, tr }: { from: string; model: DocumentModel; editable: boolean; language: string; tr: Tr }) {
  const { lines, rows, errors, selectedLine } = model;
  if (!lines) return null;
  return (
    <fieldset className="erp-form-section erp-document-lines" data-f2-region="lines">
      <legend>{tr(lines.field.labelKey ?? '', lines.name)}</legend>
      {errors.get(lines.name) && <p className="erp-field-error">{errors.get(lines.name)}</p>}
      <LineGrid
        from={from}
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
            onChange={(next) => model.onLineChange(line._rid, subName, next)}
          />
        );
      })}
    </fieldset>
  );
}
