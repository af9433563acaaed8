/**
 * Lookups of the generic form: a text input for the referenced record's key with a search button that lists
 * matching records of the other entity (GET /api/lookup/<entity>?Search=), or the target entity's own lookup
 * widget (`lookupWidget`, registered by its module: the shell module's firm lookup searches by id or name).
 *
 * Contract: a lookup needs nothing of its TARGET entity's definition in the page. The browser's registry
 * (`@erp/shared/entities/index`) holds only the modules the page has loaded (the shell's, and the AR
 * terms and sales reps only once @erp/accounting ran), so the suggestions — each the target's key and its
 * display label — come from the server, whose registry holds every module. The registry is only asked for
 * the target's `lookupWidget` (a widget lives in a loaded bundle anyway); an unknown target gets the
 * generic search.
 *
 * Props (LookupInput): id, value (text), onChange(text), entity (target definition name), label, readOnly,
 * invalid, describedBy. The list is a set of buttons (Tab / Enter / Escape), closed on pick, Escape, or when focus moves to another control.
 *
 * Issue 16 item 5: suggestions come as the user types (after a short pause, the focus stays in the box;
 * ArrowDown goes into them), and every search uses only what was typed. F4 / Alt+Down (shown in the button's
 * tooltip) search at once and move into the matches. The parts (box, matches, debounce) are lookup-parts.tsx.
 * Issue 40 item 7: a blank search (F4 on an empty box) browses the first page by name; "More…" the next ones.
 * Issue 71 item 2: Enter on what was typed (since the last pick) takes its one match ("OPER" → the one bank OPERATING), or the match
 * whose key or number is exactly what was typed; several matches are shown with the focus on the first.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { entityByName } from '@erp/shared/entities/index';
import { lookupWidget, type LookupWidgetProps } from './widgets.ts';
import { closeWhenLeft, focusFirstMatch, focusNextAfter, LookupBox, LookupButton, LookupName, LookupResults, singleMatch, tabOut, useDebouncedSearch, usePickedName, type LookupOption } from './lookup-parts.tsx';
import { lookupRecords, type LookupRow, type LookupVia } from '../record-api.ts';

/** The lookup's props are the lookup widgets' (widgets.ts): a widget replaces the generic search one for one. */
type LookupProps = LookupWidgetProps;

/**
 * Options of the generic search over another entity, as the server answers them (GET /api/lookup/<entity>):
 * its registry holds every module's definitions, so this needs no definition of the target in the page.
 */
async function searchOptions(entity: string, text: string, via: LookupVia | undefined, page: number): Promise<{ options: LookupOption[]; message: string | null; more: boolean }> {
  const outcome = await lookupRecords(entity, text, via, { page });
  if (outcome.status !== 200) return { options: [], message: outcome.message, more: false };
  const rows = (outcome.body?.List ?? []) as LookupRow[];
  return {
    options: rows.map((row) => ({ value: row.Value, label: row.Label, ...(row.Number !== undefined ? { number: row.Number } : {}), ...(row.Marks?.length ? { detail: row.Marks.join(' · ') } : {}) })),
    message: rows.length === 0 ? (outcome.body?.Message ?? null) : null,
    more: (outcome.body as { More?: boolean } | null)?.More === true,
  };
}

/** A lookup to any entity: the target's lookup widget (`lookupWidget`, e.g. the firm lookup), else the generic search. */
export function LookupInput(props: LookupProps) {
  const Widget = lookupWidget(entityByName(props.entity)?.lookupWidget);
  if (Widget) return <Widget {...props} />;
  return <GenericLookupInput {...props} />;
}

/**
 * The framework's own lookup, whatever the target's widget: suggestions as the user types matching any part of the
 * code and the name, F4 / Alt+Down, paging. Report parameters take it (issue 71 item 2: not the firm widget's older
 * Name / Find panel).
 */
export function GenericLookupInput(props: LookupProps) {
  const [open, setOpen] = useState(false);
  // The search shown and its next page, when there is one (issue 40 item 7).
  const [paging, setPaging] = useState<{ text: string; next: number } | null>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [focusFirst, setFocusFirst] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const messageId = useId();
  const later = useDebouncedSearch();

  // Issue 40 item 3: a field that stores a document's internal key shows the document's business number
  // (`numberField`, answered as `Number`): the number known for the value held, and a typed number that is
  // exactly a match's number resolves to that match's key.
  const [numbered, setNumbered] = useState<{ value: string; number: string } | null>(null);
  const shown = numbered && numbered.value === props.value ? numbered.number : undefined;
  const resolved = (value: string, number: string | undefined) => setNumbered(number === undefined ? null : { value, number });

  /** Searches with `text` — what the user typed — now (F4) or as a suggestion. */
  async function search(text: string, explicit: boolean, current: () => boolean = () => true) {
    const found = await searchOptions(props.entity, text, props.via, 1);
    if (!current()) return;
    const exact = props.onPick ? undefined : found.options.find((option) => option.number !== undefined && option.number.toUpperCase() === text.trim().toUpperCase());
    if (exact && !explicit) {
      // The number typed names one document: the field holds its key, the box keeps showing the number (the
      // suggestions stay, so a pick or Tab goes on as usual).
      resolved(exact.value, exact.number);
      props.onChange(exact.value);
      picked(exact.value, exact.label === exact.number ? '' : exact.label);
    }
    setFocusFirst(explicit);
    setFocusAt(null);
    setOptions(found.options);
    setMessage(found.message);
    setPaging(found.more ? { text, next: 2 } : null);
    setOpen(true);
  }
  /** "More…": the next page after the matches shown, the focus on its first. */
  async function more() {
    if (!paging) return;
    const found = await searchOptions(props.entity, paging.text, props.via, paging.next);
    setFocusAt(options.length);
    setOptions([...options, ...found.options]);
    setPaging(found.more ? { text: paging.text, next: paging.next + 1 } : null);
  }
  // Text typed since the last pick: only then does Enter look for a match (a value held as it came — a default, a
  // saved value — lets Enter through: a process's parameters preview on Enter).
  const typing = useRef(false);
  function typed(text: string) {
    typing.current = true;
    props.onChange(text);
    if (text.trim() === '') {
      later(async () => setOpen(false), 0);
      return;
    }
    later((current) => search(text, false, current));
  }
  const box = useRef<HTMLDivElement>(null);
  const { name, picked } = usePickedName(props.value, props.onPick, async (value) => {
    // The record the field holds, by its value (Key): its name, and its business number for the box.
    const outcome = await lookupRecords(props.entity, '', props.via, { key: value });
    if (outcome.status !== 200) return null;
    const row = ((outcome.body?.List ?? []) as LookupRow[]).find((candidate) => candidate.Value === value);
    if (row?.Number !== undefined) resolved(value, row.Number);
    return row && row.Label !== row.Number ? row.Label : '';
  });
  function pick(value: string) {
    take(value, options.find((candidate) => candidate.value === value));
  }
  function take(value: string, option: LookupOption | undefined) {
    typing.current = false;
    setOpen(false);
    if (props.onPick) props.onPick(value);
    else {
      resolved(value, option?.number);
      props.onChange(value);
      picked(value, option && option.label !== option.number ? option.label : '');
    }
    focusNextAfter(box.current);
  }
  /** Enter: the search for `text` answered now; its single (or exact) match is taken, else the matches show. */
  async function takeOnEnter(text: string, current: () => boolean) {
    const found = await searchOptions(props.entity, text, props.via, 1);
    if (!current()) return;
    const match = singleMatch(found.options, found.more, text);
    if (match) take(match.value, match);
    else await search(text, true, current);
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (tabOut(event, open, () => setOpen(false), box.current)) return;
    if (event.key === 'F4' || (event.altKey && event.key === 'ArrowDown')) {
      event.preventDefault();
      later(() => search(shown ?? props.value, true), 0);
    } else if (event.key === 'ArrowDown' && open && focusFirstMatch(listRef.current)) {
      event.preventDefault();
    } else if (event.key === 'Escape' && open) {
      setOpen(false);
    } else if (event.key === 'Enter' && typing.current && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && !props.readOnly) {
      const text = shown ?? props.value;
      if (text.trim() === '') return;
      event.preventDefault();
      later((current) => takeOnEnter(text, current), 0);
    }
  };
  return (
    <div className="erp-lookup" ref={box} onBlur={(event) => closeWhenLeft(event, later, setOpen)}>
      <LookupBox lookup={props} shown={shown} messageId={message ? messageId : null} onType={typed} onKeyDown={onKeyDown} />
      {props.readOnly ? null : <LookupButton label={props.label} onClick={() => later(() => search(shown ?? props.value, true), 0)} />}
      <LookupName name={name} reserve={props.value.trim() !== ''} />
      {open && message ? (
        <p id={messageId} className="erp-lookup-message" role="status">
          {message}
        </p>
      ) : null}
      {open ? (
        <LookupResults options={options} onPick={pick} onClose={() => setOpen(false)} label={props.label} focusFirst={focusFirst} listRef={listRef} onMore={paging ? () => void more() : undefined} focusAt={focusAt} />
      ) : null}
    </div>
  );
}
