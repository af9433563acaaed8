/**
 * A lookup cell of the line grid (issue 12): a combobox that suggests records of the target entity as the
 * user types (GET /api/lookup/<entity>?Search=, 20 at most), opened with F4 or Alt+Down; ArrowUp/ArrowDown move
 * in the list, Enter picks (a code typed in full is that record, even before the answer for the last keystroke
 * comes: see pickOnEnter), Escape closes. Tab and Enter without an open list go on to the next cell (the
 * grid handles them). WAI-ARIA combobox pattern: aria-expanded, aria-controls, aria-activedescendant.
 * The server answers each suggestion's key and label from its registry (every module), so the target's
 * definition need not be loaded in the page (contract: form/fields/Lookup.tsx).
 * Issue 21 item 4: the record's name shows beside its code — a picked one's at once, a saved line's looked up
 * (once per code, however many lines name it: `savedName`).
 * Issue 40 item 7: the suggestions match any part of code and name (ignoring case and accents), by name, a page at
 * a time: ArrowDown past the last asks for the next page.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { lookupRecords, type LookupRow, type LookupVia } from '../form/record-api.ts';

interface Option {
  value: string;
  label: string;
  /** The record's lookup marks (e.g. lot-tracked), shown after its label. */
  marks: string;
}

/** The names of codes lines show, by target, field served and code: one request per code for the session. */
const savedNames = new Map<string, Promise<string>>();
const SAVED_NAMES_MAX = 5000;

function savedName(entity: string, via: LookupVia, value: string): Promise<string> {
  const key = JSON.stringify([entity, via, value]);
  let found = savedNames.get(key);
  if (!found) {
    if (savedNames.size >= SAVED_NAMES_MAX) savedNames.clear();
    found = lookupRecords(entity, value, via).then((outcome) => {
      // A refusal is not remembered: the next line asks again.
      if (outcome.status !== 200) savedNames.delete(key);
      return outcome.status === 200 ? (((outcome.body?.List ?? []) as LookupRow[]).find((row) => row.Value === value)?.Label ?? '') : '';
    });
    savedNames.set(key, found);
  }
  return found;
}

export interface LineLookupProps {
  id: string;
  entity: string;
  /** The line field this lookup serves (issue 21 items 5, 11). */
  via: LookupVia;
  value: string;
  label: string;
  readOnly: boolean;
  invalid: boolean;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
}

export function LineLookup(props: LineLookupProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Option[]>([]);
  const [active, setActive] = useState(0);
  // The search shown and its next page, when there is one.
  const [paging, setPaging] = useState<{ text: string; next: number } | null>(null);
  const query = useRef(0);
  // What the list shown answers (the text searched), and whether the user moved in it since: an Enter typed
  // before the answer for the last keystroke must not take the first match of an older, shorter search.
  const shownFor = useRef<string | null>(null);
  const moved = useRef(false);

  /** Searches `text`; answers the options shown (null when a later search overtook this one). */
  async function suggest(text: string, page = 1): Promise<Option[] | null> {
    const ticket = ++query.current;
    const outcome = await lookupRecords(props.entity, text, props.via, { page });
    if (ticket !== query.current) return null;
    const rows = outcome.status === 200 ? ((outcome.body?.List ?? []) as LookupRow[]) : [];
    const found = rows.map((row) => ({ value: row.Value, label: row.Label, marks: (row.Marks ?? []).join(' · ') }));
    const shown = page === 1 ? found : [...options, ...found];
    setOptions(shown);
    setActive(page === 1 ? 0 : options.length);
    setPaging(outcome.status === 200 && (outcome.body as { More?: boolean } | null)?.More === true ? { text, next: page + 1 } : null);
    setOpen(true);
    if (page === 1) {
      shownFor.current = text;
      moved.current = false;
    }
    return shown;
  }

  /**
   * Enter in an open list: the option the user moved to; else the one whose code is exactly what was typed; else,
   * when the list answers an older text than the box holds, the answer for what is typed (its exact code, else its
   * first match); else the first match.
   */
  async function pickOnEnter(): Promise<void> {
    const typed = props.value.trim().toUpperCase();
    const exactIn = (list: readonly Option[]) => list.find((option) => option.value.toUpperCase() === typed);
    if (moved.current) return pick(options[active]);
    const exact = exactIn(options);
    if (exact) return pick(exact);
    if (shownFor.current !== props.value) {
      const fresh = await suggest(props.value);
      if (fresh) pick(exactIn(fresh) ?? fresh[0]);
      return;
    }
    pick(options[active]);
  }

  useEffect(() => () => {
    query.current += 1;
  }, []);

  // Issue 21 item 4: the picked record's name beside its code ("6200" — "Rent"), until the code is typed over.
  const [name, setName] = useState<{ value: string; label: string } | null>(null);
  const pick = (option: Option | undefined) => {
    if (option) {
      props.onChange(option.value);
      setName(option);
    }
    setOpen(false);
  };
  // A code the line already holds (a saved line, or one typed in full): its name, after typing pauses.
  const { entity, value, via } = props;
  const named = name !== null && name.value === value;
  useEffect(() => {
    if (value.trim() === '' || named) return;
    let live = true;
    const timer = setTimeout(() => {
      void savedName(entity, via, value).then((label) => {
        if (live && label) setName({ value, label });
      });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [entity, value, via, named]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (props.readOnly) return props.onKeyDown(event);
    if (event.key === 'F4' || (event.altKey && event.key === 'ArrowDown')) {
      event.preventDefault();
      void suggest(props.value);
      return;
    }
    if (open && options.length > 0) {
      if (event.key === 'ArrowDown' && active === options.length - 1 && paging) {
        event.preventDefault();
        void suggest(paging.text, paging.next);
        return;
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        moved.current = true;
        setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if (event.key === 'Enter') {
        event.preventDefault();
        void pickOnEnter();
        return;
      }
    }
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      return;
    }
    if (event.key === 'Tab') setOpen(false);
    props.onKeyDown(event);
  };

  return (
    <div className="erp-line-lookup">
      <input
        id={props.id}
        type="text"
        role="combobox"
        aria-label={props.label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={props.invalid || undefined}
        autoComplete="off"
        value={props.value}
        readOnly={props.readOnly}
        onChange={(event) => {
          props.onChange(event.target.value);
          void suggest(event.target.value);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-cell=""
      />
      {name && name.value === props.value ? (
        <span className="erp-line-lookup__name" data-lookup-name="">
          {name.label}
        </span>
      ) : props.value.trim() !== '' ? (
        // The name's line is kept while it is asked for: the line does not grow under a click (LookupName).
        <span className="erp-line-lookup__name" aria-hidden="true">
          {'\u00a0'}
        </span>
      ) : null}
      {/* Only while open: a 500-line grid would otherwise carry 500 empty lists. aria-controls may name a list
          that is absent while the combobox is collapsed (WAI-ARIA 1.2 combobox). */}
      {open && options.length > 0 && (
        <ul id={listId} role="listbox" className="erp-lookup-results" aria-label={props.label}>
          {options.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
            >
              {option.value} {option.label && option.label !== option.value ? `— ${option.label}` : ''}
              {option.marks ? <span className="erp-lookup-detail"> ({option.marks})</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
