/**
 * A calendar-date input in the user's language (issue 21 items 2 and 7, §9): a text box showing the date the
 * way every list, report and PDF writes it (`formatCalendarDate`: `23 nov. 2026`, `Nov 23, 2026`,
 * `2026年11月23日`), where the user types a date in that style, in the language's numeric order or as ISO.
 * The value stays `YYYY-MM-DD`; a text that is no date is handed on as typed, so the shared validator says
 * so exactly as the server does. One Tab leaves it (the picker button is not a tab stop) and typing never
 * opens a picker: the calendar opens on demand, from its button or with Alt+Down.
 *
 * Why not `<input type="date">`: it follows the browser's locale, not the user's language (mm/dd/yyyy in
 * every language), and it is three tab stops with a picker that typing can open.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatCalendarDate, parseCalendarDate, translate } from '@erp/shared';

export interface DateInputProps {
  id?: string;
  name?: string;
  value: unknown;
  locale: string;
  readOnly?: boolean;
  onChange(value: string): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
  className?: string;
  tabIndex?: number;
  'aria-invalid'?: boolean | 'true' | undefined;
  'aria-describedby'?: string | undefined;
  'aria-label'?: string | undefined;
  'aria-required'?: boolean | 'true' | undefined;
}

/** The text shown for a value: the language's date when it is a calendar date, else as it is. */
export function dateText(value: unknown, locale: string): string {
  if (typeof value !== 'string' || value === '') return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDate(value, locale) : value;
}

export function DateInput(props: DateInputProps) {
  const { value, locale, readOnly = false, onChange, onKeyDown, className, ...rest } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const iso = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';

  const openPicker = () => {
    const element = picker.current;
    if (!element || readOnly) return;
    try {
      element.showPicker();
    } catch {
      element.focus();
    }
  };

  return (
    <span className="erp-date">
      <input
        {...rest}
        type="text"
        autoComplete="off"
        className={className ? `erp-date__text ${className}` : 'erp-date__text'}
        value={editing ?? dateText(value, locale)}
        readOnly={readOnly}
        onBlur={() => setEditing(null)}
        onKeyDown={(event) => {
          if (event.altKey && event.key === 'ArrowDown') {
            event.preventDefault();
            openPicker();
            return;
          }
          onKeyDown?.(event);
        }}
        onChange={(event) => {
          const text = event.target.value;
          setEditing(text);
          onChange(text.trim() === '' ? '' : (parseCalendarDate(text, locale) ?? text));
        }}
      />
      {!readOnly && (
        <>
          <button
            type="button"
            className="erp-date__pick"
            tabIndex={-1}
            aria-label={translate('records:date.pick', 'Choose a date')}
            title={translate('records:date.pickHint', 'Choose a date (Alt+Down)')}
            onClick={openPicker}
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" />
              <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" />
            </svg>
          </button>
          <input
            ref={picker}
            type="date"
            className="erp-date__picker"
            tabIndex={-1}
            aria-hidden="true"
            value={iso}
            onChange={(event) => {
              setEditing(null);
              onChange(event.target.value);
            }}
          />
        </>
      )}
    </span>
  );
}
