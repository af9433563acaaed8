/**
 * A filter that keeps several values of an enumeration (`op: 'in'` on an enum or set field): a button showing the
 * picked labels ("All" when none), opening a panel of checkboxes in the user's language. The value stays the
 * server's comma list of internal values ("Entered,Committed"); the user never types or sees one (issue 21 item 4).
 *
 * Keyboard: Enter, Space or Alt+Down opens the panel with the focus on the first checkbox; Space ticks; Escape, or
 * the focus leaving, closes it (Escape puts the focus back on the button).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@erp/ui';

export interface ChoiceSetFilterProps {
  id: string;
  labelId: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange(value: string): void;
}

export function ChoiceSetFilter(props: ChoiceSetFilterProps) {
  const { t } = useTranslation('records');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const picked = props.value.split(',').filter((value) => value !== '');
  const summary = picked.length === 0 ? t('filters.any') : props.options.filter((option) => picked.includes(option.value)).map((option) => option.label).join(', ');

  const show = () => {
    setOpen(true);
    requestAnimationFrame(() => panel.current?.querySelector('input')?.focus());
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const toggle = (value: string, on: boolean) => {
    const next = props.options.map((option) => option.value).filter((option) => (option === value ? on : picked.includes(option)));
    props.onChange(next.join(','));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <div
      className="records-choice-set"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={button}
        id={props.id}
        type="button"
        className="records-choice-set__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={`${props.id}-panel`}
        aria-labelledby={`${props.labelId} ${props.id}-summary`}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={(event) => {
          if (event.altKey && event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            show();
          }
        }}
      >
        <span id={`${props.id}-summary`}>{summary}</span>
        <span aria-hidden="true"> ▾</span>
      </button>
      {open ? (
        <fieldset ref={panel} id={`${props.id}-panel`} className="records-choice-set__panel" aria-labelledby={props.labelId}>
          {props.options.map((option) => (
            <label key={option.value}>
              <input type="checkbox" checked={picked.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
              {option.label}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
