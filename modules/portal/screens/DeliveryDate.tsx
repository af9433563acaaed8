/**
 * The delivery date field of the portal (issue 16 item 7: "a delivery date in the past is refused"), one
 * component for every page that asks for it (Home / Order and the Cart), so each refuses the same way:
 * - the date the customer types is kept as a draft in the field; today or later goes to the portal state
 *   (`setDeliveryDate`, shared by every portal screen); an emptied field clears it;
 * - a date before today is NOT taken: the field is marked `aria-invalid` and says why under it (§8 message
 *   `messages.deliveryDatePast`, tied to the input by `aria-describedby`); the portal state keeps its last
 *   valid date, so no page can send the past one. The server refuses a past date too (`delivery_date_past`);
 * - a date in the portal state that has become past (chosen on an earlier day) is shown refused the same way.
 *
 * Issue 69 item 1: the product's own date field, not the browser's `<input type="date">` (which writes
 * mm/dd/yyyy whatever the user's language): a text box showing the date the way the product writes it in the
 * user's language (`formatCalendarDate`: `Jun 30, 2099`, `30 juin 2099`), where a date is typed in that style, in
 * the language's numeric order or as ISO (`parseCalendarDate`), with a calendar button (44 px, not a tab stop)
 * opening the browser's picker on demand; 16 px text, so a phone does not zoom on focus. A text that is no date
 * is refused like a past one (`invalid`) and never reaches the portal state.
 *
 * Contract: `useDeliveryDateDraft()` → `{ value, past, invalid, change }` for one page; `<DeliveryDateField>`
 * renders the label, the input and the refusal from it. A page that sends (the Cart's review and Place order)
 * checks `past` and `invalid` first.
 */
import { useEffect, useRef, useState } from 'react';
import { formatCalendarDate, parseCalendarDate, setDeliveryDate } from '@erp/shared';
import { today, usePortalState, usePortalText } from './common.tsx';

export interface DeliveryDateDraft {
  /** The date (yyyy-mm-dd), '' for none, or the text typed when it is no date. */
  value: string;
  /** True when the field holds a date before today (refused: not in the portal state). */
  past: boolean;
  /** True when the field holds a text that is no date (refused too). */
  invalid: boolean;
  change(value: string): void;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isPast = (value: string): boolean => ISO.test(value) && value < today();

export function useDeliveryDateDraft(): DeliveryDateDraft {
  const state = usePortalState();
  const [value, setValue] = useState(state.deliveryDate ?? '');
  // Another page (or an account switch) changed the date: the field follows.
  useEffect(() => setValue(state.deliveryDate ?? ''), [state.deliveryDate]);
  const change = (next: string) => {
    setValue(next);
    if (next === '') setDeliveryDate(null);
    else if (ISO.test(next) && !isPast(next)) setDeliveryDate(next);
  };
  return { value, past: isPast(value), invalid: value !== '' && !ISO.test(value), change };
}

export function DeliveryDateField({ id, draft }: { id: string; draft: DeliveryDateDraft }) {
  const t = usePortalText();
  const errorId = `${id}-past`;
  const [editing, setEditing] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const shown = editing ?? (ISO.test(draft.value) ? formatCalendarDate(draft.value) : draft.value);
  const refused = draft.past || draft.invalid;

  const openPicker = () => {
    const element = picker.current;
    if (!element) return;
    try {
      element.showPicker();
    } catch {
      element.focus();
    }
  };

  return (
    <span className="erp-portal__field erp-portal__date-field">
      <label htmlFor={id}>{t('order.deliveryDate')}</label>
      <span className="erp-portal__date">
        <input
          id={id}
          type="text"
          inputMode="text"
          autoComplete="off"
          className="erp-portal__date-text"
          value={shown}
          aria-invalid={refused}
          aria-describedby={refused ? errorId : undefined}
          onBlur={() => setEditing(null)}
          onKeyDown={(event) => {
            if (event.altKey && event.key === 'ArrowDown') {
              event.preventDefault();
              openPicker();
            }
          }}
          onChange={(event) => {
            const text = event.target.value;
            setEditing(text);
            draft.change(text.trim() === '' ? '' : (parseCalendarDate(text) ?? text));
          }}
        />
        <button type="button" className="erp-portal__date-pick" tabIndex={-1} aria-label={t('order.pickDate')} title={t('order.pickDate')} onClick={openPicker}>
          <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
            <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" />
            <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" />
          </svg>
        </button>
        <input
          ref={picker}
          type="date"
          className="erp-portal__date-picker"
          tabIndex={-1}
          aria-hidden="true"
          min={today()}
          value={ISO.test(draft.value) ? draft.value : ''}
          onChange={(event) => {
            setEditing(null);
            draft.change(event.target.value);
          }}
        />
      </span>
      {/* Always present, so the refusal is announced when it appears. */}
      <span id={errorId} className="erp-portal__field-error" data-portal="delivery-date-past" aria-live="polite">
        {draft.past ? t('messages.deliveryDatePast') : draft.invalid ? t('messages.dateInvalid') : ''}
      </span>
    </span>
  );
}
