/**
 * An exact decimal input (issue 12): the value stays a decimal string (`"1250.50"`, never a JS number).
 * Shown in the user's language (§9: `1 250,50` in fr-CA) while not focused; while typing it holds the text
 * as typed and hands `onChange` the canonical decimal string when the text is a number in that language,
 * else the text itself, so the shared validator reports "must be a number" exactly as the server does.
 *
 * Props: the common input attributes (id, aria-*), value (decimal string or typed text), scale,
 * locale, readOnly, onChange(value), and optional onKeyDown (line grids).
 */
import { useState, type KeyboardEvent } from 'react';
import { isDecimal, parseLocaleDecimal } from '../../../../../shared/src/decimal.ts';
import { formatDecimal } from '@erp/shared';

export interface DecimalInputProps {
  id?: string;
  value: unknown;
  scale: number;
  locale: string;
  readOnly: boolean;
  onChange(value: string): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
  className?: string;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  'aria-label'?: string | undefined;
  'data-cell'?: string;
}

/** The text shown for a value: formatted in `locale` when it is a decimal (grouped unless editing), else as it is. */
export function decimalText(value: unknown, locale: string, scale: number, grouping = true): string {
  if (typeof value !== 'string' || value === '') return '';
  if (!isDecimal(value)) return value;
  return formatDecimal(value, scale, locale, grouping);
}

export function DecimalInput(props: DecimalInputProps) {
  const { value, scale, locale, readOnly, onChange, onKeyDown, className, ...rest } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const shown = editing ?? decimalText(value, locale, scale);
  return (
    <input
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className={className ?? 'erp-number'}
      value={shown}
      readOnly={readOnly}
      onFocus={() => {
        if (!readOnly) setEditing(decimalText(value, locale, scale, false));
      }}
      onBlur={() => setEditing(null)}
      onKeyDown={onKeyDown}
      onChange={(event) => {
        const text = event.target.value;
        setEditing(text);
        if (text.trim() === '') onChange('');
        else onChange(parseLocaleDecimal(text, locale) ?? text);
      }}
    />
  );
}
