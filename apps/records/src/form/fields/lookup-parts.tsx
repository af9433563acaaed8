/**
 * The parts of a lookup (issue 20): the generic search (Lookup.tsx) is built from them, and so is a lookup widget a
 * module registers for its entity (`registerLookupWidget`, e.g. the shell module's firm lookup) — exported by
 * @erp/records, so a widget looks and behaves as every other lookup (issue 16 item 5: suggestions as the user
 * types, F4 / Alt+Down, Escape, focus leaving closes them).
 *
 * Issue 40 items 6, 7: Tab goes from field to field — the "…" button (`LookupButton`) is out of the Tab order
 * (F4, Alt+Down and the mouse reach it; its accessible name stays), and Tab from the box closes what the lookup
 * shows and moves on to the next field (`tabOut`), never into the matches or a panel. The matches come a page at a
 * time by name; "More…" asks for the next (`onMore`).
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { afterPress } from '@erp/shared';
import { useText } from '../text.ts';
import type { LookupWidgetProps } from './widgets.ts';

/** One match of a lookup: the key picked, a label and a detail shown beside it. */
export interface LookupOption {
  value: string;
  label: string;
  detail?: string;
  /** The business number shown in place of the value (an internal key; issue 40 item 3). */
  number?: string;
}

/**
 * The match Enter takes for `text` (issue 71 item 2): the only one (of a complete answer), else the one whose key
 * or business number is exactly what was typed (ignoring case); none when the choice is the user's.
 */
export function singleMatch(options: readonly LookupOption[], more: boolean, text: string): LookupOption | undefined {
  if (options.length === 1 && !more) return options[0];
  const typed = text.trim().toUpperCase();
  const exact = options.filter((option) => option.value.toUpperCase() === typed || option.number?.toUpperCase() === typed);
  return exact.length === 1 ? exact[0] : undefined;
}

/** The pause after the last key before suggestions are asked for. */
const SUGGEST_DELAY_MS = 250;

/**
 * Runs `run` once typing has paused; a newer call (or unmounting) cancels the one waiting. `run` gets a
 * check that answers false once a newer search was started, so a slow answer never replaces a newer one.
 */
export function useDebouncedSearch(): (run: (current: () => boolean) => Promise<void>, delay?: number) => void {
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

/** The matches of a lookup: buttons (Tab / Enter / Escape); the first takes the focus when `focusFirst`. */
export function LookupResults(props: {
  options: LookupOption[];
  onPick(value: string): void;
  onClose(): void;
  label: string;
  /** Move the focus to the first match when they arrive (F4); suggestions leave it in the box. */
  focusFirst: boolean;
  listRef?: RefObject<HTMLUListElement | null>;
  /** Another page follows: "More…" asks for it (issue 40 item 7). */
  onMore?: (() => void) | undefined;
  /** After "More…": the match that takes the focus (the first of the new page). */
  focusAt?: number | null | undefined;
}) {
  const { tr } = useText();
  const first = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement | null>(null);
  useEffect(() => {
    if (props.focusAt) list.current?.querySelectorAll<HTMLButtonElement>('button[data-lookup-option]')[props.focusAt]?.focus();
    else if (props.focusFirst) first.current?.focus();
  }, [props.options, props.focusFirst, props.focusAt]);
  if (props.options.length === 0) return null;
  return (
    <ul
      ref={(element) => {
        list.current = element;
        if (props.listRef) props.listRef.current = element;
      }}
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
            <span className="erp-lookup-value">{option.number ?? option.value}</span> <span>{option.label === option.number ? '' : option.label}</span>
            {option.detail ? <span className="erp-lookup-detail"> {option.detail}</span> : null}
          </button>
        </li>
      ))}
      {props.onMore ? (
        <li>
          <button type="button" className="erp-lookup-more" onClick={props.onMore}>
            {tr('forms:lookup.more', 'More…')}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The "…" button of a lookup: out of the Tab order (issue 40 item 6: Tab goes to the next field; F4, Alt+Down and
 * the mouse reach the search), named "Look up <label>" with the keys in its tooltip.
 */
export function LookupButton(props: { label: string; onClick(): void; expanded?: boolean }) {
  const { tr } = useText();
  return (
    <button
      type="button"
      className="erp-lookup-button"
      tabIndex={-1}
      {...(props.expanded === undefined ? {} : { 'aria-expanded': props.expanded })}
      onClick={props.onClick}
      aria-label={tr('forms:lookup.search', 'Look up {{label}}', { label: props.label })}
      title={tr('forms:lookup.searchHint', 'Look up (F4 or Alt+Down)')}
    >
      …
    </button>
  );
}

/**
 * Tab (forward) from a lookup's box while it shows matches or a panel: they close and the focus goes on to the
 * next field (issue 40 item 6), not into them. True when handled.
 */
export function tabOut(event: KeyboardEvent, open: boolean, close: () => void, box: HTMLElement | null): boolean {
  if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || !open) return false;
  event.preventDefault();
  close();
  focusNextAfter(box);
  return true;
}

/**
 * Focus moved to another control (e.g. Save): the suggestions close and a suggestion search still pending is
 * dropped, so a late answer neither reopens them nor adds "No records." to the field's description next to
 * the field's own messages. Focus moving inside the lookup (its button, its matches) keeps them; a press that
 * focuses nothing changes nothing. A press that moved the focus closes them once released (`afterPress`): in the
 * form's flow, they must not vanish between the press and the release of a click on a button below them.
 */
export function closeWhenLeft(
  event: FocusEvent,
  later: (run: (current: () => boolean) => Promise<void>, delay?: number) => void,
  setOpen: (open: boolean) => void,
): void {
  const to = event.relatedTarget as Node | null;
  if (to === null || event.currentTarget.contains(to)) return;
  later(async () => {
    afterPress(() => setOpen(false));
  }, 0);
}

/** Into the shown matches from the box (ArrowDown). */
export function focusFirstMatch(list: HTMLUListElement | null): boolean {
  const button = list?.querySelector('button');
  button?.focus();
  return !!button;
}

/**
 * The text box of both lookups: the key typed or picked, described by the field's messages and, while one is
 * shown (`messageId`), the lookup's own; read-only boxes take the text as is, others search as the user types.
 */
export function LookupBox(props: { lookup: LookupWidgetProps; messageId: string | null; onType(text: string): void; onKeyDown(event: KeyboardEvent): void; shown?: string }) {
  const { tr } = useText();
  const { lookup } = props;
  return (
    <input
      id={lookup.id}
      type="text"
      value={props.shown ?? lookup.value}
      readOnly={lookup.readOnly}
      autoComplete="off"
      aria-invalid={lookup.invalid || undefined}
      aria-describedby={[lookup.describedBy, props.messageId].filter(Boolean).join(' ') || undefined}
      aria-keyshortcuts="F4 Alt+ArrowDown"
      onChange={(event) => (lookup.readOnly ? lookup.onChange(event.target.value) : props.onType(event.target.value))}
      onKeyDown={props.onKeyDown}
      {...(lookup.onPick ? { 'aria-label': tr('forms:lookup.add', 'Add to {{label}}', { label: lookup.label }) } : lookup.ariaLabel ? { 'aria-label': lookup.ariaLabel } : {})}
    />
  );
}

const TABBABLE = 'input:not([disabled]):not([tabindex="-1"]), select:not([disabled]):not([tabindex="-1"]), textarea:not([disabled]):not([tabindex="-1"]), button:not([disabled]):not([tabindex="-1"])';

/** Issue 21 item 2: after a pick the focus goes on to the first field after the lookup (`element`), not to the page. */
export function focusNextAfter(element: HTMLElement | null): void {
  const scope = element?.closest('form, .erp-entity-form, .records-screen');
  if (!element || !scope) return;
  const next = [...scope.querySelectorAll<HTMLElement>(TABBABLE)].find(
    (candidate) => !element.contains(candidate) && element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING && candidate.getClientRects().length > 0,
  );
  next?.focus();
}

/**
 * Issue 21 item 4: the name beside a lookup's code ("6200 Rent", "B100 Acme Steel"): the picked match's
 * (`picked(value, label)`), or, for a value typed or saved, asked once with `nameOf` when the value settles.
 * A line's lookup (`onPick`) shows none: its grid shows the name.
 */
export function usePickedName(value: string, onPick: unknown, nameOf: (value: string) => Promise<string | null>): { name: string; picked(value: string, label: string): void } {
  const [name, setName] = useState('');
  const named = useRef('');
  const ask = useRef(nameOf);
  useEffect(() => {
    ask.current = nameOf;
  });
  useEffect(() => {
    const code = value.trim();
    if (onPick || code === '' || named.current === code) {
      if (code === '') setName('');
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void ask.current(code).then((found) => {
        if (!current || found === null) return;
        named.current = code;
        setName(found);
      });
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, onPick]);
  return {
    name: onPick ? '' : name,
    picked(code: string, label: string) {
      named.current = code;
      setName(label);
    },
  };
}

/**
 * The name shown under the lookup's code (usePickedName). While a code is in the box and its name is not known yet
 * (`reserve`), its line is kept blank: the name arriving a moment later (a server answer) then moves nothing — a
 * layout that shifts under a click already pressed sends the release elsewhere and loses the click.
 */
export function LookupName(props: { name: string; reserve?: boolean }) {
  if (props.name) {
    return (
      <span className="erp-lookup-name" data-lookup-name="">
        {props.name}
      </span>
    );
  }
  return props.reserve ? (
    <span className="erp-lookup-name" aria-hidden="true">
      {'\u00a0'}
    </span>
  ) : null;
}
