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
 * Contract: `useDeliveryDateDraft()` → `{ value, past, change }` for one page; `<DeliveryDateField>` renders
 * the label, the input and the refusal from it. A page that sends (the Cart's review and Place order) checks
 * `past` first.
 */
import { useEffect, useState } from 'react';
import { setDeliveryDate } from '@erp/shared';
import { today, usePortalState, usePortalText } from './common.tsx';

export interface DeliveryDateDraft {
  /** What the field shows (yyyy-mm-dd or ''). */
  value: string;
  /** True when the field holds a date before today (refused: not in the portal state). */
  past: boolean;
  change(value: string): void;
}

const isPast = (value: string): boolean => value !== '' && value < today();

export function useDeliveryDateDraft(): DeliveryDateDraft {
  const state = usePortalState();
  const [value, setValue] = useState(state.deliveryDate ?? '');
  // Another page (or an account switch) changed the date: the field follows.
  useEffect(() => setValue(state.deliveryDate ?? ''), [state.deliveryDate]);
  const change = (next: string) => {
    setValue(next);
    if (next === '') setDeliveryDate(null);
    else if (!isPast(next)) setDeliveryDate(next);
  };
  return { value, past: isPast(value), change };
}

export function DeliveryDateField({ id, draft }: { id: string; draft: DeliveryDateDraft }) {
  const t = usePortalText();
  const errorId = `${id}-past`;
  return (
    <>
      <label htmlFor={id}>{t('order.deliveryDate')}</label>
      <input
        id={id}
        type="date"
        min={today()}
        value={draft.value}
        aria-invalid={draft.past}
        aria-describedby={draft.past ? errorId : undefined}
        onChange={(event) => draft.change(event.target.value)}
      />
      {/* Always present, so the refusal is announced when it appears. */}
      <span id={errorId} className="erp-portal__field-error" data-portal="delivery-date-past" aria-live="polite">
        {draft.past ? t('messages.deliveryDatePast') : ''}
      </span>
    </>
  );
}
