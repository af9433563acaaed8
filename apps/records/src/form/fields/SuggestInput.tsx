/**
 * A text field with suggestions from its module's own call (definition `suggest`, issue 71 item 2: a sales order
 * line's lot picker — the product's lots in the order's warehouse, with what is free of each and its heat).
 *
 * Contract: GET /api/<suggest.path>?Search=<typed>&Values=<JSON of `values`> answers `List` rows { Value, Label,
 * Detail?, Fill? }; a pick sets the field to Value and hands Fill (other fields of the row: the lot's quantity and
 * heat) to `onFill`. It looks and behaves as every lookup (lookup-parts.tsx): suggestions as the user types, F4 /
 * Alt+Down search at once and move into them, ArrowDown into them, Escape and Tab close them, and a pick moves on
 * to the next field. What is typed stays the field's value: the module's save rule decides what is accepted.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { call } from '../record-api.ts';
import { closeWhenLeft, focusFirstMatch, focusNextAfter, LookupBox, LookupButton, LookupResults, tabOut, useDebouncedSearch, type LookupOption } from './lookup-parts.tsx';

interface SuggestRow {
  Value: string;
  Label?: string;
  Detail?: string | null;
  Fill?: Record<string, unknown>;
}

export interface SuggestInputProps {
  id: string;
  value: string;
  path: string;
  /** The fields the call reads (the row's, its line's, the header's), sent as Values. */
  values: Readonly<Record<string, unknown>>;
  label: string;
  ariaLabel?: string | undefined;
  readOnly: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onChange(value: string): void;
  /** A pick of `value` that fills other fields of the row too. */
  onFill(value: string, values: Record<string, unknown>): void;
}

export function SuggestInput(props: SuggestInputProps) {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<SuggestRow[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [focusFirst, setFocusFirst] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const messageId = useId();
  const later = useDebouncedSearch();

  async function search(text: string, explicit: boolean, current: () => boolean = () => true) {
    const outcome = await call<unknown>('GET', props.path, undefined, { Search: text.trim() || undefined, Values: JSON.stringify(props.values) });
    if (!current()) return;
    const body = outcome.body as { List?: SuggestRow[]; Message?: string | null } | null;
    const list = outcome.status === 200 ? (body?.List ?? []) : [];
    setRows(list);
    setMessage(list.length === 0 ? (body?.Message ?? outcome.message ?? null) : null);
    setFocusFirst(explicit);
    setOpen(true);
  }
  function typed(text: string) {
    props.onChange(text);
    if (text.trim() === '') {
      later(async () => setOpen(false), 0);
      return;
    }
    later((current) => search(text, false, current));
  }
  // A pick moves on to the next field once the row shows what it filled: a field focused before that would keep
  // showing its old text while it is being edited (a decimal input holds its own text while focused).
  const moveOn = useRef<string | null>(null);
  useEffect(() => {
    if (moveOn.current === null || moveOn.current !== props.value) return;
    moveOn.current = null;
    focusNextAfter(box.current);
  });
  function pick(value: string) {
    setOpen(false);
    const row = rows.find((candidate) => candidate.Value === value);
    moveOn.current = value;
    // The value and what it fills, as one change of the row.
    if (row?.Fill) props.onFill(value, row.Fill);
    else props.onChange(value);
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (tabOut(event, open, () => setOpen(false), box.current)) return;
    if (event.key === 'F4' || (event.altKey && event.key === 'ArrowDown')) {
      event.preventDefault();
      later(() => search(props.value, true), 0);
    } else if (event.key === 'ArrowDown' && open && focusFirstMatch(listRef.current)) {
      event.preventDefault();
    } else if (event.key === 'Escape' && open) {
      setOpen(false);
    }
  };
  const options: LookupOption[] = rows.map((row) => ({ value: row.Value, label: row.Label ?? '', ...(row.Detail ? { detail: row.Detail } : {}) }));
  const lookup = { id: props.id, value: props.value, onChange: props.onChange, entity: '', label: props.label, readOnly: props.readOnly, invalid: props.invalid, describedBy: props.describedBy, ariaLabel: props.ariaLabel };
  return (
    <div className="erp-lookup" ref={box} onBlur={(event) => closeWhenLeft(event, later, setOpen)}>
      <LookupBox lookup={lookup} messageId={open && message ? messageId : null} onType={typed} onKeyDown={onKeyDown} />
      {props.readOnly ? null : <LookupButton label={props.label} onClick={() => later(() => search(props.value, true), 0)} />}
      {open && message ? (
        <p id={messageId} className="erp-lookup-message" role="status">
          {message}
        </p>
      ) : null}
      {open ? <LookupResults options={options} onPick={pick} onClose={() => setOpen(false)} label={props.label} focusFirst={focusFirst} listRef={listRef} /> : null}
    </div>
  );
}
