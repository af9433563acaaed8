/**
 * Lookups of the generic form: a text input for the referenced record's key with a search button that lists
 * matching records of the other entity (GET /api/data/<entity>?Search=), or, for firms, the firm lookup
 * (GET /api/firm/lookup?FirmId=&Name=; §5 'Enter a Firm ID or Name.' when both are blank).
 *
 * Props (LookupInput): id, value (text), onChange(text), entity (target definition name), label, readOnly,
 * invalid, describedBy. The list is a set of buttons (Tab / Enter / Escape), closed on pick or Escape.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { entityByName } from '@erp/shared/entities/index';
import { lookupWidget, registerLookupWidget } from './widgets.ts';
import { firmLookup, searchRecords, type FirmLookupRow } from '../record-api.ts';
import { useText } from '../text.ts';

export interface LookupOption {
  value: string;
  label: string;
  detail?: string;
}

interface LookupProps {
  id: string;
  value: string;
  onChange(value: string): void;
  entity: string;
  label: string;
  readOnly: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  /** Set inputs: pick adds and the text box is cleared. */
  onPick?(value: string): void;
}

/** Options of the generic search over another entity. */
async function searchOptions(entity: string, text: string): Promise<{ options: LookupOption[]; message: string | null }> {
  const def = entityByName(entity);
  if (!def) return { options: [], message: null };
  const display = def.displayField;
  const columns = display === def.key ? [def.key] : [def.key, display];
  const outcome = await searchRecords(entity, text, columns);
  if (outcome.status !== 200) return { options: [], message: outcome.message };
  const rows = (outcome.body?.List ?? []) as Record<string, unknown>[];
  return {
    options: rows.map((row) => ({ value: String(row[def.key]), label: String(row[display] ?? '') })),
    message: rows.length === 0 ? (outcome.body?.Message ?? null) : null,
  };
}

function Results(props: { options: LookupOption[]; onPick(value: string): void; onClose(): void; label: string }) {
  const { tr } = useText();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [props.options]);
  if (props.options.length === 0) return null;
  return (
    <ul className="erp-lookup-results" aria-label={tr('forms:lookup.results', 'Matches for {{label}}', { label: props.label })}>
      {props.options.map((option, index) => (
        <li key={option.value}>
          <button
            type="button"
            ref={index === 0 ? first : undefined}
            onClick={() => props.onPick(option.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') props.onClose();
            }}
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

function GenericLookupInput(props: LookupProps) {
  const { tr } = useText();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const messageId = useId();

  async function search() {
    const found = await searchOptions(props.entity, props.value);
    setOptions(found.options);
    setMessage(found.message);
    setOpen(true);
  }
  function pick(value: string) {
    setOpen(false);
    if (props.onPick) props.onPick(value);
    else props.onChange(value);
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'F4' || (event.altKey && event.key === 'ArrowDown')) {
      event.preventDefault();
      void search();
    }
  };
  return (
    <div className="erp-lookup">
      <input
        id={props.id}
        type="text"
        value={props.value}
        readOnly={props.readOnly}
        aria-invalid={props.invalid || undefined}
        aria-describedby={[props.describedBy, message ? messageId : null].filter(Boolean).join(' ') || undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={onKeyDown}
        {...(props.onPick ? { 'aria-label': tr('forms:lookup.add', 'Add to {{label}}', { label: props.label }) } : {})}
      />
      {props.readOnly ? null : (
        <button type="button" className="erp-lookup-button" onClick={() => void search()} aria-label={tr('forms:lookup.search', 'Look up {{label}}', { label: props.label })}>
          …
        </button>
      )}
      {open && message ? (
        <p id={messageId} className="erp-lookup-message" role="status">
          {message}
        </p>
      ) : null}
      {open ? <Results options={options} onPick={pick} onClose={() => setOpen(false)} label={props.label} /> : null}
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

  async function search() {
    setOpen(true);
    const firmId = props.value.trim();
    const byName = name.trim();
    if (firmId === '' && byName === '') {
      setOptions([]);
      setMessage(tr('entities:firm.rules.idOrName', 'Enter a Firm ID or Name.'));
      return;
    }
    const outcome = await firmLookup(firmId, byName);
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
      void search();
    }
  };
  return (
    <div className="erp-lookup">
      <input
        id={props.id}
        type="text"
        value={props.value}
        readOnly={props.readOnly}
        aria-invalid={props.invalid || undefined}
        aria-describedby={[props.describedBy, open && message ? messageId : null].filter(Boolean).join(' ') || undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={onKeyDown}
        {...(props.onPick ? { 'aria-label': tr('forms:lookup.add', 'Add to {{label}}', { label: props.label }) } : {})}
      />
      {props.readOnly ? null : (
        <button
          type="button"
          className="erp-lookup-button"
          aria-expanded={open}
          onClick={() => (open ? void search() : setOpen(true))}
          aria-label={tr('forms:lookup.search', 'Look up {{label}}', { label: props.label })}
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
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void search();
              } else if (event.key === 'Escape') setOpen(false);
            }}
          />
          <button type="button" onClick={() => void search()}>
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
          <Results options={options} onPick={pick} onClose={() => setOpen(false)} label={props.label} />
        </div>
      ) : null}
    </div>
  );
}

// Firms are looked up by id or name (the firm definition's `lookupWidget`).
registerLookupWidget('firm-lookup', FirmLookupInput);
