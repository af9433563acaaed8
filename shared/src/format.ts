/**
 * How numbers, amounts and dates are written on screen (issue 16 item 3; §9 "date display format derived
 * from the browser language"): in the shell's language — the language the user chose, which starts from
 * the browser's (culture cookie, §5) — everywhere, so a screen never mixes a French grid with English
 * dates. One module for the generic list and form, the portal and the launchpads.
 *
 * - `displayLocale()`: the shell's language now (`bus.language$`).
 * - `formatDecimal(value, scale, locale?, grouping?)`, `formatInteger(value)`, `formatMoney(value, currency)`: exact — a decimal
 *   given as text (the wire form of money, §9) is written digit for digit (Intl formats decimal strings
 *   without going through a binary number). fr-CA: `250 000,00 $`.
 * - `formatCalendarDate('2026-03-01' | Date)`, `formatDateTime(iso | Date)`: one date format per language
 *   (`DATE_STYLE`), one date-and-time format.
 * - `numberFormat(locale, options)`, `dateFormat(locale, options)`: the cached Intl formatters behind them
 *   (building an Intl formatter costs far more than using one: a grid formats thousands of cells).
 * Every function takes an optional `locale` last; without it, `displayLocale()`. Values that are not
 * numbers or dates are written as given ('' for null / undefined).
 */
import { bus } from './bus.ts';

/** The one date format of each language (§9), and the one date-and-time format. */
export const DATE_STYLE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
export const DATE_TIME_STYLE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The shell's language: what the user chose (initially the browser's, §9). */
export function displayLocale(): string {
  return bus.language$.value || 'en-CA';
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cacheKey(locale: string, options: object): string {
  return `${locale}|${JSON.stringify(options)}`;
}

/** A cached Intl.NumberFormat. */
export function numberFormat(locale: string = displayLocale(), options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = cacheKey(locale, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A cached Intl.DateTimeFormat. */
export function dateFormat(locale: string = displayLocale(), options: Intl.DateTimeFormatOptions = DATE_STYLE): Intl.DateTimeFormat {
  const key = cacheKey(locale, options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** A number or decimal text Intl may format exactly; null when the value is neither. */
function numeric(value: unknown): number | Intl.StringNumericLiteral | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString() as Intl.StringNumericLiteral;
  if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) return value.trim() as Intl.StringNumericLiteral;
  return null;
}

function asText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A decimal with exactly `scale` fraction digits (2 by default), rounded half away from zero (Intl's
 * `halfExpand`, on the decimal text itself: exact, the rounding of @erp/shared/decimal's `round`);
 * `grouping: false` leaves out the group separators (an input being edited). The one decimal formatter of
 * the browser and the server (documents, reports, PDF).
 */
export function formatDecimal(value: unknown, scale = 2, locale?: string, grouping = true): string {
  const n = numeric(value);
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: scale, maximumFractionDigits: scale };
  if (!grouping) options.useGrouping = false;
  return n === null ? asText(value) : numberFormat(locale, options).format(n);
}

/** A whole number. */
export function formatInteger(value: unknown, locale?: string): string {
  const n = numeric(value);
  return n === null ? asText(value) : numberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}

/** An amount of money in `currency` (CAD by default): fr-CA `250 000,00 $`, en-CA `$250,000.00`. */
export function formatMoney(value: unknown, currency = 'CAD', locale?: string): string {
  const n = numeric(value);
  return n === null ? asText(value) : numberFormat(locale, { style: 'currency', currency }).format(n);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (`YYYY-MM-DD`, never moved by the time zone) or a Date, in the language's date format. */
export function formatCalendarDate(value: unknown, locale?: string): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateFormat(locale, DATE_STYLE).format(value);
  const match = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!match) return asText(value);
  return dateFormat(locale, DATE_STYLE).format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A point in time (ISO 8601 text or Date) in the language's date-and-time format, in the browser's time zone. */
export function formatDateTime(value: unknown, locale?: string): string {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) return value instanceof Date ? '' : asText(value);
  return dateFormat(locale, DATE_TIME_STYLE).format(new Date(time));
}
