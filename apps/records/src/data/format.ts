/**
 * How a list cell shows a value of a definition's field. §9, issue 16: dates and numbers are written in
 * the shell's language by the one formatting module (`@erp/shared` format.ts: cached Intl formatters,
 * exact decimals); enum and set values show their translated option labels.
 */
import { formatCalendarDate, formatDateTime, formatDecimal, formatInteger } from '@erp/shared';
import type { FieldDefinition } from '@erp/shared/entities/define';

export interface CellFormatter {
  /** The text of a value ('' for none). */
  (value: unknown): string;
}

/** Texts the formatter needs from the screen's translations. */
export interface FormatTexts {
  yes: string;
  no: string;
  /** The translated label of an option's label key. */
  label(labelKey: string): string;
}

/** A formatter for one field, in `locale` (the shell's language). */
export function cellFormatter(field: FieldDefinition, locale: string, texts: FormatTexts): CellFormatter {
  switch (field.type) {
    case 'integer': {
      // Issue 21 item 4: a number that stays under 10,000 by definition (a fiscal year, a period, a sequence)
      // is an identifier, written without a group separator ("2026", never "2 026").
      if (field.max !== undefined && field.max < 10_000) return (value) => formatInteger(value, locale, false);
      return (value) => formatInteger(value, locale);
    }
    case 'decimal': {
      // Exact: the decimal string is formatted as it is, never through a binary number (issue 12).
      const scale = field.scale ?? 2;
      return (value) => formatDecimal(value, scale, locale);
    }
    case 'boolean':
      return (value) => (value === true || value === 1 ? texts.yes : value === false || value === 0 ? texts.no : '');
    case 'date':
      // A calendar date: never moved to another day by the time zone.
      return (value) => formatCalendarDate(value, locale);
    case 'datetime':
      return (value) => formatDateTime(value, locale);
    case 'enum': {
      const labels = new Map(field.options.map((option) => [option.value, option.labelKey]));
      return (value) => {
        if (value == null) return '';
        const key = labels.get(String(value));
        return key ? texts.label(key) : String(value);
      };
    }
    case 'set': {
      const labels = new Map((field.options ?? []).map((option) => [option.value, option.labelKey]));
      return (value) =>
        Array.isArray(value)
          ? value
              .map((item) => {
                const key = labels.get(String(item));
                return key ? texts.label(key) : String(item);
              })
              .join(', ')
          : '';
    }
    default:
      return (value) => (value == null ? '' : String(value));
  }
}

/** True for fields whose cells align right (numbers). */
export function isNumeric(field: FieldDefinition): boolean {
  return field.type === 'integer' || field.type === 'decimal';
}
