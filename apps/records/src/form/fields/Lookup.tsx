/**
 * Lookups of the generic form: a text input for the referenced record's key with a search button that lists
 * matching records of the other entity (GET /api/lookup/<entity>?Search=), or, for firms, the firm lookup
 * (GET /api/firm/lookup?FirmId=&Name=; §5 'Enter a Firm ID or Name.' when both are blank).
 *
 * Contract: a lookup needs nothing of its TARGET entity's definition in the page. The browser's registry
 * (`@erp/shared/entities/index`) holds only the shell's entities and the modules the page has loaded (the AR
 * terms and sales reps only once @erp/accounting ran), so the suggestions — each the target's key and its
 * display label — come from the server, whose registry holds every module. The registry is only asked for
 * the target's `lookupWidget` (a widget lives in a loaded bundle anyway); an unknown target gets the
 * generic search.
 *
 * Props (LookupInput): id, value (text), onChange(text), entity (target definition name), label, readOnly,
 * invalid, describedBy. The list is a set of buttons (Tab / Enter / Escape), closed on pick, Escape, or when focus moves to another control.
 *
 * Issue 16 item 5: suggestions come as the user types (after a short pause, the focus stays in the box;
 * ArrowDown goes into them), and every search uses only what was typed — the firm lookup searches by the
 * name typed in its panel, or else by the id typed in the field, never the field's old value with a new
 * name. F4 / Alt+Down (shown in the button's tooltip) search at once and move into the matches.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/** The pause after the last key before suggestions are asked for. */
const SUGGEST_DELAY_MS = 250;

/**
 * Runs `run` once typing has paused; a newer call (or unmounting) cancels the one waiting. `run` gets a
 * check that answers false once a newer search was started, so a slow answer never replaces a newer one.
 */
function useDebouncedSearch(): (run: (current: () => boolean) => Promise<void>, delay?: number) => void {
  const timer = useRef<number | null>(null);
  const serial = useRef(0);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  return (run, delay = SUGGEST_DELAY_MS) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    const mine = ++serial.current;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void run(() => serial.current === mine);
    }, delay);
  };
}
import { entityByName } from '@erp/shared/entities/index';
import { lookupWidget, registerLookupWidget, type LookupWidgetProps } from './widgets.ts';
import { firmLookup, lookupRecords, type FirmLookupRow, type LookupRow, type LookupVia } from '../record-api.ts';
import { useText } from '../text.ts';

export interface LookupOption {
  value: string;
  label: string;
  detail?: string;
}

/** The lookup's props are the lookup widgets' (widgets.ts): a widget replaces the generic search one for one. */
type LookupProps = LookupWidgetProps;

/**
 * Options of the generic search over another entity, as the server answers them (GET /api/lookup/<entity>):
 * its registry holds every module's definitions, so this needs no definition of the target in the page.
 */
async function searchOptions(entity: string, text: string, via: LookupVia | undefined): Promise<{ options: LookupOption[]; message: string | null }> {
  const outcome = await lookupRecords(entity, text, via);
  if (outcome.status !== 200) return { options: [], message: outcome.message };
  const rows = (outcome.body?.List ?? []) as LookupRow[];
  return {
    options: rows.map((row) => ({ value: row.Value, label: row.Label, ...(row.Marks?.length ? { detail: row.Marks.join(' · ') } : {}) })),
    message: rows.length === 0 ? (outcome.body?.Message ?? null) : null,
  };
}

function Results(props: {
  options: LookupOption[];
  onPick(value: string): void;
  onClose(): void;
  label: string;
  /** Move the focus to the first match when they arrive (F4); suggestions leave it in the box. */
  focusFirst: boolean;
  listRef?: RefObject<HTMLUListElement | null>;
}) {
  const { tr } = useText();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (props.focusFirst) first.current?.focus();
  }, [props.options, props.focusFirst]);
  if (props.options.length === 0) return null;
  return (
    <ul
      ref={props.listRef}
      className="erp-lookup-results"
      aria-label={tr('forms:lookup.results', 'Matches for {{label}}', { label: props.label })}
    >
      {props.options.map((option, index) => (
        <li key={option.value}>
          <button
            type="button"
            ref={index === 0 ? first : undefined}
            onClick={() => props.onPick(option.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') props.onClose();
            }}
            data-lookup-option={option.value}
          >
            <span className="erp-lookup-value">{option.value}</span> <span>{option.label}</span>
            {option.detail ? <span className="erp-lookup-detail"> {option.detail}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A lookup to any entity: the target's lookup widget (`lookupWidget`, e.g. the firm lookup), else the generic search. */
export function LookupInput(props: LookupProps) {
  const Widget = lookupWidget(entityByName(props.entity)?.lookupWidget);
  if (Widget) return <Widget {...props} />;
  return <GenericLookupInput {...props} />;
}

/**
 * Focus moved to another control (e.g. Save): the suggestions close and a suggestion search still pending is
 * dropped, so a late answer neither reopens them nor adds "No records." to the field's description next to
 * the field's own messages. Focus moving inside the lookup (its button, its matches) keeps them; a press that
 * focuses nothing changes nothing.
 */
function closeWhenLeft(
  event: FocusEvent,
  later: (run: (current: () => boolean) => Promise<void>, delay?: number) => void,
  setOpen: (open: boolean) => void,
): void {
  const to = event.relatedTarget as Node | null;
  if (to === null || event.currentTarget.contains(to)) return;
  later(async () => setOpen(false), 0);
}

/** Into the shown matches from the box (ArrowDown). */
function focusFirstMatch(list: HTMLUListElement | null): boolean {
  const button = list?.querySelector('button');
  button?.focus();
  return !!button;
}

/**
 * The text box of both lookups: the key typed or picked, described by the field's messages and, while one is
 * shown (`messageId`), the lookup's own; read-only boxes take the text as is, others search as the user types.
 */
function LookupBox(props: { lookup: LookupProps; messageId: string | null; onType(text: string): void; onKeyDown(event: KeyboardEvent): void }) {
  const { tr } = useText();
  const { lookup } = props;
  return (
    <input
      id={lookup.id}
      type="text"
      value={lookup.value}
      readOnly={lookup.readOnly}
      autoComplete="off"
      aria-invalid={lookup.invalid || undefined}
      aria-describedby={[lookup.describedBy, props.messageId].filter(Boolean).join(' ') || undefined}
      aria-keyshortcuts="F4 Alt+ArrowDown"
      onChange={(event) => (lookup.readOnly ? lookup.onChange(event.target.value) : props.onType(event.target.value))}
      onKeyDown={props.onKeyDown}
      {...(lookup.onPick ? { 'aria-label': tr('forms:lookup.add', 'Add to {{label}}', { label: lookup.label }) } : {})}
    />
  );
}

function GenericLookupInput(props: LookupProps) {
  const { tr } = useText();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [focusFirst, setFocusFirst] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const messageId = useId();
  const later = useDebouncedSearch();

  /** Searches with `text` — what the user typed — now (F4) or as a suggestion. */
  async function search(text: string, explicit: boolean, current: () => boolean = () => true) {
    const found = await searchOptions(props.entity, text, props.via);
    if (!current()) return;
    setFocusFirst(explicit);
    setOptions(found.options);
    setMessage(found.message);
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
  function pick(value: string) {
    setOpen(false);
    if (props.onPick) props.onPick(value);
    else props.onChange(value);
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'F4' || (event.altKey && event.key === 'ArrowDown')) {
      event.preventDefault();
      later(() => search(props.value, true), 0);
    } else if (event.key === 'ArrowDown' && open && focusFirstMatch(listRef.current)) {
      event.preventDefault();
    } else if (event.key === 'Escape' && open) {
      setOpen(false);
    }
  };
  return (
    <div className="erp-lookup" onBlur={(event) => closeWhenLeft(event, later, setOpen)}>
      <LookupBox lookup={props} messageId={message ? messageId : null} onType={typed} onKeyDown={onKeyDown} />
      {props.readOnly ? null : (
        <button
          type="button"
          className="erp-lookup-button"
          onClick={() => later(() => search(props.value, true), 0)}
          aria-label={tr('forms:lookup.search', 'Look up {{label}}', { label: props.label })}
          title={tr('forms:lookup.searchHint', 'Look up (F4 or Alt+Down)')}
        >
          …
        </button>
      )}
      {open && message ? (
        <p id={messageId} className="erp-lookup-message" role="status">
          {message}
        </p>
      ) : null}
      {open ? (
        <Results options={options} onPick={pick} onClose={() => setOpen(false)} label={props.label} focusFirst={focusFirst} listRef={listRef} />
      ) : null}
    </div>
  );
}

/** The firm lookup: Firm ID and Name; both blank → 'Enter a Firm ID or Name.' (§5). */
function FirmLookupInput(props: LookupProps) {
  const { tr } = useText();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const messageId = useId();
  const nameId = useId();
  const [focusFirst, setFocusFirst] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const later = useDebouncedSearch();

  /**
   * Searches with what was typed: the name typed in the panel when there is one, else the id typed in the
   * field — never the field's previous value together with a new name.
   */
  async function search(typedId: string, typedName: string, explicit: boolean, current: () => boolean = () => true) {
    setOpen(true);
    const byName = typedName.trim();
    const firmId = byName === '' ? typedId.trim() : '';
    if (firmId === '' && byName === '') {
      setOptions([]);
      setMessage(tr('entities:firm.rules.idOrName', 'Enter a Firm ID or Name.'));
      return;
    }
    const outcome = await firmLookup(firmId, byName);
    if (!current()) return;
    setFocusFirst(explicit);
    if (outcome.status !== 200) {
      setOptions([]);
      setMessage(outcome.message);
      return;
    }
    const rows = (outcome.body?.List ?? []) as FirmLookupRow[];
    setOptions(
      rows.map((row) => ({
        value: row.FirmId,
        label: row.Name,
        detail: [row.City, row.IsActive ? null : tr('forms:lookup.inactive', 'inactive')].filter(Boolean).join(' · '),
      })),
    );
    setMessage(rows.length === 0 ? (outcome.body?.Message ?? tr('entities:result.noRecords', 'No records.')) : null);
  }
  function pick(value: string) {
    setOpen(false);
    setMessage(null);
    if (props.onPick) props.onPick(value);
    else props.onChange(value);
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'F4' || (event.altKey && event.key === 'ArrowDown') || (event.key === 'Enter' && open)) {
      event.preventDefault();
      // From the id field: the id typed there (the name box is for a search by name).
      setName('');
      later(() => search(props.value, '', true), 0);
    } else if (event.key === 'ArrowDown' && open && focusFirstMatch(listRef.current)) {
      event.preventDefault();
    }
  };
  const typedId = (text: string) => {
    props.onChange(text);
    if (text.trim() === '') return;
    setName('');
    later((current) => search(text, '', false, current));
  };
  const typedName = (text: string) => {
    setName(text);
    if (text.trim() === '') return;
    later((current) => search('', text, false, current));
  };
  return (
    <div className="erp-lookup" onBlur={(event) => closeWhenLeft(event, later, setOpen)}>
      <LookupBox lookup={props} messageId={open && message ? messageId : null} onType={typedId} onKeyDown={onKeyDown} />
      {props.readOnly ? null : (
        <button
          type="button"
          className="erp-lookup-button"
          aria-expanded={open}
          onClick={() => (open ? later(() => search(props.value, name, true), 0) : setOpen(true))}
          aria-label={tr('forms:lookup.search', 'Look up {{label}}', { label: props.label })}
          title={tr('forms:lookup.searchHint', 'Look up (F4 or Alt+Down)')}
        >
          …
        </button>
      )}
      {open ? (
        <div className="erp-lookup-panel" role="group" aria-label={tr('forms:lookup.firmTitle', 'Firm lookup')}>
          <label htmlFor={nameId}>{tr('forms:lookup.firmName', 'Name')}</label>
          <input
            id={nameId}
            type="text"
            value={name}
            autoComplete="off"
            onChange={(event) => typedName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                later(() => search(props.value, name, true), 0);
              } else if (event.key === 'ArrowDown' && focusFirstMatch(listRef.current)) {
                event.preventDefault();
              } else if (event.key === 'Escape') setOpen(false);
            }}
          />
          <button type="button" onClick={() => later(() => search(props.value, name, true), 0)}>
            {tr('forms:lookup.find', 'Find')}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            {tr('forms:lookup.close', 'Close')}
          </button>
          {message ? (
            <p id={messageId} className="erp-lookup-message" role="alert">
              {message}
            </p>
          ) : null}
          <Results options={options} onPick={pick} onClose={() => setOpen(false)} label={props.label} focusFirst={focusFirst} listRef={listRef} />
        </div>
      ) : null}
    </div>
  );
}

// Firms are looked up by id or name (the firm definition's `lookupWidget`).
registerLookupWidget('firm-lookup', FirmLookupInput);
