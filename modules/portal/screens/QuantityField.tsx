/**
 * The portal's quantity box (catalogue rows, cart lines): a whole number from 1 to MAX_QUANTITY, marked
 * invalid while the text is anything else. The owner keeps the text and decides when to use it.
 */
import { quantityOf, MAX_QUANTITY } from './quick-order.ts';

export function QuantityField({ label, text, onText, onCommit }: { label: string; text: string; onText(text: string): void; onCommit?(): void }) {
  return (
    <input
      type="number"
      min={1}
      max={MAX_QUANTITY}
      step={1}
      className="erp-portal__qty"
      aria-label={label}
      aria-invalid={quantityOf(text) === null}
      value={text}
      onChange={(event) => onText(event.target.value)}
      onBlur={onCommit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit?.();
      }}
    />
  );
}
