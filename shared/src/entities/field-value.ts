/**
 * One field value on its own: is it of the field's type and within the field's bounds (length, range, pattern,
 * e-mail, options), and what is its stored form (`checkScalar`); with the value helpers the form and the server
 * share (`isValidDate`, `sameValue`, `humanize`) and the storage bounds. `validate.ts` runs these over a
 * whole record; nothing here knows about records, modes or rules.
 */
import type { FieldDefinition, ScalarField } from './define.ts';
import { cmp, parseDecimal } from '../decimal.ts';

/** `FirmId` → `Firm Id`: the label when no translation is at hand. */
export function humanize(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

/** Storage-safe bounds: a 32-bit integer column on both engines. */
export const INTEGER_MIN = -2147483648;
export const INTEGER_MAX = 2147483647;
/** Longest text without a maxLength: single-line, and multi-line / HTML. */
export const DEFAULT_MAX_TEXT = 4000;
export const DEFAULT_MAX_LONG_TEXT = 200_000;
export const DEFAULT_MAX_LOOKUP = 64;
export const DEFAULT_MAX_CHILD_ROWS = 500;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// NUL cannot be stored in PostgreSQL text; other C0 controls but tab and newlines are never wanted.
// eslint-disable-next-line no-control-regex
export const BAD_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A calendar date that exists (2025-02-30 does not). */
export function isValidDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isSingleLine(field: FieldDefinition): boolean {
  return field.type !== 'text' || !['multiline', 'html', 'password', 'base64'].includes(field.format ?? '');
}

/** Values compare equal as stored: numbers by value, sets and child rows by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

export type Issue = { key: string; params?: Record<string, unknown> };

/** Checks one scalar value (not null); answers the normalized value or an issue. */
export function checkScalar(field: ScalarField, raw: unknown): { value: unknown } | Issue {
  switch (field.type) {
    case 'text': {
      if (typeof raw !== 'string') return { key: 'entities:validation.text' };
      let text = isSingleLine(field) ? raw.trim() : raw;
      if (field.uppercase) text = text.toUpperCase();
      if (BAD_CHARACTERS.test(text)) return { key: 'entities:validation.characters' };
      const long = !isSingleLine(field);
      const max = field.maxLength ?? (long ? DEFAULT_MAX_LONG_TEXT : DEFAULT_MAX_TEXT);
      if (text.length > max) return { key: 'entities:validation.maxLength', params: { max } };
      if (text === '') return { value: null };
      if (field.minLength !== undefined && text.length < field.minLength) {
        return { key: 'entities:validation.minLength', params: { min: field.minLength } };
      }
      if (field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`, 'u').test(text)) {
        return { key: field.patternKey ?? 'entities:validation.pattern' };
      }
      if (field.format === 'email' && !EMAIL.test(text)) return { key: 'entities:validation.email' };
      return { value: text };
    }
    case 'decimal': {
      // Exact decimals travel as strings only (§9, issue 12): a JSON number is refused, never rounded.
      const parsed = parseDecimal(raw, { precision: field.precision ?? 15, scale: field.scale ?? 2 });
      if (!parsed.ok) return { key: parsed.key, params: parsed.params ?? {} };
      if (field.min !== undefined && cmp(parsed.value, field.min) < 0) {
        return { key: field.minKey ?? 'entities:validation.min', params: { min: field.min } };
      }
      if (field.max !== undefined && cmp(parsed.value, field.max) > 0) {
        return { key: field.maxKey ?? 'entities:validation.max', params: { max: field.max } };
      }
      return { value: parsed.value };
    }
    case 'integer': {
      if (typeof raw !== 'number' || !Number.isFinite(raw) || !Number.isInteger(raw)) {
        return { key: 'entities:validation.integer' };
      }
      const min = field.min ?? INTEGER_MIN;
      const max = field.max ?? INTEGER_MAX;
      if (raw < min) return { key: field.minKey ?? 'entities:validation.min', params: { min } };
      if (raw > max) return { key: field.maxKey ?? 'entities:validation.max', params: { max } };
      return { value: raw };
    }
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : { key: 'entities:validation.boolean' };
    case 'date': {
      if (typeof raw !== 'string' || !isValidDate(raw)) return { key: 'entities:validation.date' };
      if (field.min !== undefined && raw < field.min) return { key: 'entities:validation.min', params: { min: field.min } };
      if (field.max !== undefined && raw > field.max) return { key: 'entities:validation.max', params: { max: field.max } };
      return { value: raw };
    }
    case 'datetime': {
      if (typeof raw !== 'string' || !DATETIME.test(raw) || !isValidDate(raw.slice(0, 10))) {
        return { key: 'entities:validation.datetime' };
      }
      const time = Date.parse(raw);
      if (Number.isNaN(time)) return { key: 'entities:validation.datetime' };
      return { value: new Date(time).toISOString() };
    }
    case 'enum': {
      if (typeof raw !== 'string') return { key: 'entities:validation.text' };
      if (!field.options.some((option) => option.value === raw)) {
        return { key: 'entities:validation.option', params: { value: raw.slice(0, 40) } };
      }
      return { value: raw };
    }
    case 'lookup': {
      if (field.valueType === 'integer') {
        if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < INTEGER_MIN || raw > INTEGER_MAX) {
          return { key: 'entities:validation.integer' };
        }
        return { value: raw };
      }
      if (typeof raw !== 'string') return { key: 'entities:validation.text' };
      const text = field.uppercase ? raw.trim().toUpperCase() : raw.trim();
      if (BAD_CHARACTERS.test(text)) return { key: 'entities:validation.characters' };
      const max = field.maxLength ?? DEFAULT_MAX_LOOKUP;
      if (text.length > max) return { key: field.invalidKey ?? 'entities:validation.maxLength', params: { max } };
      return { value: text === '' ? null : text };
    }
  }
}
