/**
 * The firm lookup (§5), the firm definition's `lookupWidget` ('firm-lookup'): what is typed in the field (any part
 * of the id, the name or the city) or a Name typed in its panel, searched with GET /api/firm/lookup?Search=&Name=
 * (modules/shell/server/firm/routes.ts), ignoring case and accents; both blank browse the first page by name and
 * "More…" the next (issue 40 item 7). Every search uses only what was typed — the name typed in
 * its panel, or else the text typed in the field, never the field's old value with a new name. Tab from the field
 * goes on to the next field, not into the panel; its "…" button is out of the Tab order (issue 40 item 6). Built from
 * @erp/records' lookup parts, so it behaves as every other lookup (suggestions as the user types, F4 / Alt+Down).
 * The field it serves (`via`) goes with each search (From/Report and Field), so the rights are the screen's and
 * only what the field accepts is offered (issue 21 items 5, 11), as for every other lookup; the firm's name shows
 * beside its id and a pick moves on to the next field (items 4, 2). Enter in the field takes the one firm matching
 * what was typed since the last pick, or the one whose id it is exactly (issue 71 item 2); several show with the focus on the first.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  closeWhenLeft,
  focusFirstMatch,
  focusNextAfter,
  LookupBox,
  LookupButton,
  LookupName,
  LookupResults,
  recordCall,
  singleMatch,
  tabOut,
  useDebouncedSearch,
  usePickedName,
  useText,
  type LookupOption,
  type LookupWidgetProps,
} from '@erp/records';

/** A row of GET /api/firm/lookup. */
interface FirmLookupRow {
  FirmId: string;
  Name: string;
  City: string | null;
  IsActive: boolean;
  FirmTypes: string[];
}

/** GET /api/firm/lookup: firms by any part of id, name or city (`search`) and/or name, 50 a page, for the field `via` names. */
function firmLookup(search: string, name: string, via: LookupWidgetProps['via'], page = 1) {
  const params: Record<string, string> = { Search: search, Name: name };
  if (page > 1) params['Page'] = String(page);
  if (via) {
    if ('from' in via) params['From'] = via.from;
    else params['Report'] = via.report;
    params['Field'] = via.field;
  }
  return recordCall('GET', 'firm/lookup', undefined, params);
}

/** The firm lookup: Firm ID (or any part of a name) and Name; both blank browse by name (issue 40 item 7). */
export function FirmLookupInput(props: LookupWidgetProps) {
  const { tr } = useText();
  const [open, setOpen] = useState(false);
  // The search shown and its next page, when there is one.
  const [paging, setPaging] = useState<{ search: string; name: string; next: number } | null>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
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
  const optionOf = (row: FirmLookupRow): LookupOption => ({
    value: row.FirmId,
    label: row.Name,
    detail: [row.City, row.IsActive ? null : tr('entities:firm.lookup.inactive', 'inactive')].filter(Boolean).join(' · '),
  });
  async function search(typedId: string, typedName: string, explicit: boolean, current: () => boolean = () => true) {
    setOpen(true);
    const byName = typedName.trim();
    const text = byName === '' ? typedId.trim() : '';
    const outcome = await firmLookup(text, byName, props.via);
    if (!current()) return;
    setFocusFirst(explicit);
    setFocusAt(null);
    if (outcome.status !== 200) {
      setOptions([]);
      setPaging(null);
      setMessage(outcome.message);
      return;
    }
    const rows = (outcome.body?.List ?? []) as FirmLookupRow[];
    setOptions(rows.map(optionOf));
    setPaging((outcome.body as { More?: boolean } | null)?.More === true ? { search: text, name: byName, next: 2 } : null);
    setMessage(rows.length === 0 ? (outcome.body?.Message ?? tr('entities:result.noRecords', 'No records.')) : null);
  }
  /** "More…": the next page after the firms shown, the focus on its first. */
  async function more() {
    if (!paging) return;
    const outcome = await firmLookup(paging.search, paging.name, props.via, paging.next);
    if (outcome.status !== 200) return;
    setFocusAt(options.length);
    setOptions([...options, ...((outcome.body?.List ?? []) as FirmLookupRow[]).map(optionOf)]);
    setPaging((outcome.body as { More?: boolean } | null)?.More === true ? { ...paging, next: paging.next + 1 } : null);
  }
  const box = useRef<HTMLDivElement>(null);
  // An id typed since the last pick: only then does Enter take its match (a value held as it came lets Enter through).
  const typing = useRef(false);
  // The firm's name beside its id, as every lookup shows it (issue 21 item 4).
  const { name: firmName, picked } = usePickedName(props.value, props.onPick, async (value) => {
    const outcome = await firmLookup(value, '', props.via);
    if (outcome.status !== 200) return null;
    return ((outcome.body?.List ?? []) as FirmLookupRow[]).find((row) => row.FirmId === value)?.Name ?? '';
  });
  function pick(value: string, label = options.find((option) => option.value === value)?.label ?? '') {
    typing.current = false;
    setOpen(false);
    setMessage(null);
    if (props.onPick) props.onPick(value);
    else {
      props.onChange(value);
      picked(value, label);
    }
    focusNextAfter(box.current);
  }
  /** Enter in the field: the firms matching what was typed, answered now; a single (or exact) match is taken. */
  async function takeOnEnter(typedId: string, current: () => boolean) {
    const outcome = await firmLookup(typedId.trim(), '', props.via);
    if (!current()) return;
    const rows = outcome.status === 200 ? ((outcome.body?.List ?? []) as FirmLookupRow[]) : [];
    const match = singleMatch(rows.map(optionOf), (outcome.body as { More?: boolean } | null)?.More === true, typedId);
    if (match) pick(match.value, match.label);
    else await search(typedId, '', true, current);
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (tabOut(event, open, () => setOpen(false), box.current)) return;
    if (event.key === 'Enter' && typing.current && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && !props.readOnly && props.value.trim() !== '') {
      event.preventDefault();
      setName('');
      later((current) => takeOnEnter(props.value, current), 0);
    } else if (event.key === 'F4' || (event.altKey && event.key === 'ArrowDown') || (event.key === 'Enter' && open)) {
      event.preventDefault();
      // From the id field: the id typed there (the name box is for a search by name).
      setName('');
      later(() => search(props.value, '', true), 0);
    } else if (event.key === 'ArrowDown' && open && focusFirstMatch(listRef.current)) {
      event.preventDefault();
    }
  };
  const typedId = (text: string) => {
    typing.current = true;
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
    <div className="erp-lookup" ref={box} onBlur={(event) => closeWhenLeft(event, later, setOpen)}>
      <LookupBox lookup={props} messageId={open && message ? messageId : null} onType={typedId} onKeyDown={onKeyDown} />
      {props.readOnly ? null : <LookupButton label={props.label} expanded={open} onClick={() => (open ? later(() => search(props.value, name, true), 0) : setOpen(true))} />}
      <LookupName name={firmName} reserve={props.value.trim() !== ''} />
      {open ? (
        <div className="erp-lookup-panel" role="group" aria-label={tr('entities:firm.lookup.title', 'Firm lookup')}>
          <label htmlFor={nameId}>{tr('entities:firm.lookup.name', 'Name')}</label>
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
            {tr('entities:firm.lookup.find', 'Find')}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            {tr('entities:firm.lookup.close', 'Close')}
          </button>
          {message ? (
            <p id={messageId} className="erp-lookup-message" role="alert">
              {message}
            </p>
          ) : null}
          <LookupResults options={options} onPick={pick} onClose={() => setOpen(false)} label={props.label} focusFirst={focusFirst} listRef={listRef} onMore={paging ? () => void more() : undefined} focusAt={focusAt} />
        </div>
      ) : null}
    </div>
  );
}
