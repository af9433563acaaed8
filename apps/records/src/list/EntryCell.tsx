/**
 * A list column typed in place (definition `listColumns[].edit`: an entry view, e.g. count input by class or by
 * product — SCREENS.md PC-03/PC-04 "entry view"). The cell is the field's input in the list's language.
 *
 * - Enter or Down saves the record (the list's `onSave`: PUT with the row's Version, this field only) and moves to
 *   the same column of the next row; Shift+Enter or Up to the previous one. Leaving the cell saves too.
 * - Escape puts the saved value back. A refusal keeps the typed value, marks the cell invalid and names the
 *   server's message (in the user's language) under it, so nothing typed is lost.
 * - Keys from the input never reach the grid's own keys (grid-keys.ts leaves controls alone).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldDefinition } from '@erp/shared/entities/define';
import { DecimalInput } from '../form/fields/DecimalInput.tsx';
import { ScalarInput } from '../form/fields/FieldInput.tsx';

export interface EntryCellProps {
  /** The grid's id and the row index: the input is `<gridId>-r<index>-<field>` (the list moves the focus by it). */
  id: string;
  name: string;
  field: FieldDefinition & { labelKey: string };
  value: unknown;
  /** "Counted — PROD-1" (the column and the row's record). */
  label: string;
  locale: string;
  /** Saves the value; the refusal's message, or null when saved. */
  onSave(value: unknown): Promise<string | null>;
  /** Moves to the same column of the next (1) or previous (-1) row. */
  onMove(direction: 1 | -1): void;
}

export function EntryCell(props: EntryCellProps) {
  const { field, value } = props;
  const [draft, setDraft] = useState<unknown>(value);
  const [error, setError] = useState<string | null>(null);
  const saved = useRef<unknown>(value);
  const pending = useRef<Promise<boolean>>(Promise.resolve(true));
  // A reloaded page brings the stored value: shown unless the user has typed something else meanwhile.
  useEffect(() => {
    setDraft((current: unknown) => (current === saved.current ? value : current));
    saved.current = value;
  }, [value]);

  /** Saves what was typed once (saves queue behind each other); true when the cell holds a saved value. */
  const commit = (): Promise<boolean> => {
    pending.current = pending.current.then(async () => {
      if (draft === saved.current) return error === null;
      const message = await props.onSave(draft);
      setError(message);
      if (message === null) saved.current = draft;
      return message === null;
    });
    return pending.current;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const down = (event.key === 'Enter' && !event.shiftKey) || event.key === 'ArrowDown';
    const up = (event.key === 'Enter' && event.shiftKey) || event.key === 'ArrowUp';
    if ((down || up) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      void commit().then((ok) => ok && props.onMove(down ? 1 : -1));
    } else if (event.key === 'Escape' && draft !== saved.current) {
      event.preventDefault();
      event.stopPropagation();
      setDraft(saved.current);
      setError(null);
    }
  };
  const errorId = `${props.id}-error`;
  const common = { id: props.id, 'data-entry': props.name, 'aria-label': props.label, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <div className={`records-entry${error ? ' is-invalid' : ''}`} onBlur={() => void commit()}>
      {field.type === 'decimal' ? (
        <DecimalInput {...common} value={draft} scale={field.scale ?? 2} locale={props.locale} readOnly={false} onChange={setDraft} onKeyDown={onKeyDown} />
      ) : (
        <span onKeyDown={onKeyDown as unknown as (event: KeyboardEvent<HTMLSpanElement>) => void}>
          <ScalarInput id={props.id} field={field} value={draft} onChange={setDraft} readOnly={false} invalid={Boolean(error)} describedBy={error ? errorId : undefined} label={props.label} ariaLabel={props.label} />
        </span>
      )}
      {error && (
        <span id={errorId} className="records-entry__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
