/**
 * How a list cell shows a value of a definition's field. §9: dates and numbers are written as the
 * browser's language writes them (Intl); enum and set values show their translated option labels.
 */
import type { FieldDefinition } from '@erp/shared/entities/define';
import { formatDecimal, isDecimal } from '../../../../shared/src/decimal.ts';

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

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A formatter for one field, in `locale` (the browser's language). */
export function cellFormatter(field: FieldDefinition, locale: string, texts: FormatTexts): CellFormatter {
  switch (field.type) {
    case 'integer': {
      const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      return (value) => (typeof value === 'number' ? format.format(value) : value == null ? '' : String(value));
    }
    case 'decimal': {
      // Exact: the decimal string is formatted as it is, never through a binary number (issue 12).
      const scale = field.scale ?? 2;
      return (value) => (isDecimal(value) ? formatDecimal(value, locale, scale) : value == null ? '' : String(value));
    }
    case 'boolean':
      return (value) => (value === true || value === 1 ? texts.yes : value === false || value === 0 ? texts.no : '');
    case 'date': {
      const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
      return (value) => {
        const match = typeof value === 'string' ? DATE.exec(value) : null;
        // A calendar date: built in local time so no time zone moves it to another day.
        return match ? format.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : value == null ? '' : String(value);
      };
    }
    case 'datetime': {
      const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
      return (value) => {
        const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
        return Number.isNaN(time) ? (value == null ? '' : String(value)) : format.format(new Date(time));
      };
    }
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
