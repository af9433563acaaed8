/**
 * The column chooser: a disclosure button and a list of check boxes, one per list column the caller may
 * see (the definition's list columns less the §6 hidden fields). At least one column stays shown.
 *
 * Props: `entity`, `hidden`, `visible` (the shown fields), `onChange(fields)` (the new choice, in the
 * definition's order; the screen saves it per user with PUT /api/entities/:entity/preferences).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { useTranslation } from '@erp/ui';

export interface ColumnChooserProps {
  entity: AnyEntity;
  hidden: readonly string[];
  visible: readonly string[];
  onChange(fields: string[]): void;
}

export function ColumnChooser({ entity, hidden, visible, onChange }: ColumnChooserProps) {
  const { t } = useTranslation('records');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const offered = entity.listColumns.filter((column) => !hidden.includes(column.field));

  // Closes on a click elsewhere.
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !event.composedPath().includes(root.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      className="records-columns"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="records-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {translate('entities:actions.columns', 'Columns')}
      </button>
      <fieldset id={panelId} className="records-columns__panel" hidden={!open}>
        <legend>{t('columns.legend')}</legend>
        {offered.map((column) => {
          const checked = visible.includes(column.field);
          const label = translate(entity.fields[column.field]!.labelKey, column.field);
          return (
            <label key={column.field} className="records-columns__item">
              <input
                type="checkbox"
                checked={checked}
                // The last shown column cannot be hidden: a list with no column shows nothing.
                disabled={checked && visible.length === 1}
                onChange={(event) => {
                  const wanted = new Set(visible);
                  if (event.target.checked) wanted.add(column.field);
                  else wanted.delete(column.field);
                  onChange(offered.map((c) => c.field).filter((field) => wanted.has(field)));
                }}
              />
              {label}
            </label>
          );
        })}
      </fieldset>
    </div>
  );
}
