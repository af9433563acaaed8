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
 *   (`DATE_STYLE`), one date-and-time format; `localDates(params)`: a message's date parameters in that format;
 *   `localValues(values, locale)`: an e-mail template's values, dates and decimal texts written in the language.
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

/** A whole number; `grouping: false` leaves out the group separators (a year, an identifier). */
export function formatInteger(value: unknown, locale?: string, grouping = true): string {
  const n = numeric(value);
  const options: Intl.NumberFormatOptions = grouping ? { maximumFractionDigits: 0 } : { maximumFractionDigits: 0, useGrouping: false };
  return n === null ? asText(value) : numberFormat(locale, options).format(n);
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

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/**
 * A message's parameters with each calendar date (`YYYY-MM-DD`) written in the language's date style (§9, issue 21
 * item 7): "Period is closed (G/L): … (1 mars 2041 au 31 mars 2041)", as the date reads in the screen's grid. The
 * server's messages and the screens that translate a server finding's key and parameters both go through it.
 */
export function localDates(params: Record<string, unknown>, locale?: string): Record<string, unknown> {
  let changed: Record<string, unknown> | null = null;
  for (const [name, value] of Object.entries(params)) {
    // Only a real date: "2026-02-30" quoted in a refusal stays as typed.
    if (typeof value !== 'string' || !isCalendarDate(value)) continue;
    changed ??= { ...params };
    changed[name] = formatCalendarDate(value, locale);
  }
  return changed ?? params;
}

const DECIMAL_POINT = /^-?\d+\.(\d+)$/;

/**
 * A text's values as a person reads them in `locale` (issue 71 item 2): each calendar date (`YYYY-MM-DD`) in the
 * language's date style and each decimal text (`15324.33`: the wire form of money and quantities, §9) with the
 * language's separators and grouping, its own fraction digits kept (exact). Everything else — numbers, codes,
 * whole numbers (a cheque number) — as given. What fills every e-mail template's placeholders
 * (`fillPlaceholders`), so no template sends "dated 2026-11-28" or "15324.33", whoever writes it.
 */
export function localValues(values: Readonly<Record<string, string>>, locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const decimal = DECIMAL_POINT.exec(value);
    out[name] = isCalendarDate(value) ? formatCalendarDate(value, locale) : decimal ? formatDecimal(value, decimal[1]!.length, locale) : value;
  }
  return out;
}

/**
 * A point in time (ISO 8601 text or Date) in the language's date-and-time format, in the browser's time zone
 * or in `timeZone` (an IANA name: the user's zone where the server writes it, as in a report's PDF).
 */
export function formatDateTime(value: unknown, locale?: string, timeZone?: string): string {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) return value instanceof Date ? '' : asText(value);
  return dateFormat(locale, timeZone ? { ...DATE_TIME_STYLE, timeZone } : DATE_TIME_STYLE).format(new Date(time));
}

/**
 * A point in time as the wall clock reads it in `timeZone`, as a Date whose UTC fields are that reading: what a
 * spreadsheet's date-time serial (which has no zone) should show. Null when the value is no point in time.
 */
export function wallClock(value: unknown, timeZone: string): Date | null {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) return null;
  const parts = Object.fromEntries(
    dateFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(time))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return new Date(Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!, new Date(time).getUTCMilliseconds()));
}

/** The order of day, month and year in the language's numeric dates. */
function numericOrder(locale: string): ('day' | 'month' | 'year')[] {
  return dateFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(2026, 10, 23))
    .map((part) => part.type)
    .filter((type): type is 'day' | 'month' | 'year' => type === 'day' || type === 'month' || type === 'year');
}

const monthNames = new Map<string, Map<string, number>>();

/** The language's month names, long and short, lower case without dots → month number (1–12). */
function monthsOf(locale: string): Map<string, number> {
  let names = monthNames.get(locale);
  if (!names) {
    names = new Map();
    for (const month of ['long', 'short'] as const) {
      const format = dateFormat(locale, { month });
      for (let index = 0; index < 12; index++) {
        names.set(format.format(new Date(2026, index, 1)).toLocaleLowerCase(locale).replace(/\./g, ''), index + 1);
      }
    }
    monthNames.set(locale, names);
  }
  return names;
}

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A date the user typed, in the language's way (issue 21 item 7, §9): the language's own date text
 * (`23 nov. 2026`, `Nov 23, 2026`, `2026年11月23日`), its numeric order (`23/11/2026` in fr-CA), or ISO
 * (`2026-11-23`, always). Answers the calendar date as `YYYY-MM-DD`, or null when the text is no date.
 */
export function parseCalendarDate(text: string, locale: string = displayLocale()): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numbers = [...trimmed.matchAll(/\d+/g)].map((match) => match[0]);
  const words = [...trimmed.toLocaleLowerCase(locale).replace(/\./g, '').matchAll(/\p{L}+/gu)].map((match) => match[0]);
  const named = words.map((word) => monthsOf(locale).get(word)).find((month) => month !== undefined);
  const year = (digits: string) => (digits.length <= 2 ? 2000 + Number(digits) : Number(digits));
  if (named !== undefined && numbers.length === 2) {
    // "23 nov 2026", "Nov 23, 2026": the four-digit number (or the last) is the year.
    const yearIndex = numbers[0]!.length === 4 ? 0 : 1;
    return isoOf(year(numbers[yearIndex]!), named, Number(numbers[1 - yearIndex]));
  }
  if (named !== undefined || numbers.length !== 3) return null;
  // Three numbers: year first when it has four digits (2026/11/23, 2026年11月23日), else the language's order.
  if (numbers[0]!.length === 4) return isoOf(Number(numbers[0]), Number(numbers[1]), Number(numbers[2]));
  // Year last: the language's day-month order (fr-CA and en-CA write numeric dates year first, ISO-like, so
  // their base language's order: 23/11/2026 in French, 11/23/2026 in English).
  let order = numericOrder(locale);
  if (order[0] === 'year') order = numericOrder(locale.split('-')[0] ?? locale);
  const part = (type: 'day' | 'month' | 'year') => numbers[order.indexOf(type)] ?? '';
  return isoOf(year(part('year')), Number(part('month')), Number(part('day')));
}

/**
 * "<label>: <value>" with the language's typography (issue 21 item 7): French puts a no-break space before
 * the colon ("Date de début : 1 nov. 2026"), Chinese uses the full-width colon ("开始日期：2026年11月1日").
 */
export function labelled(label: string, value: string, locale: string = displayLocale()): string {
  return `${label}${colon(locale)}${value}`;
}

/** The colon between a label and its value in the language: ': ', '\u00a0: ' (French), '：' (Chinese). */
export function colon(locale: string = displayLocale()): string {
  if (locale.startsWith('fr')) return '\u00a0: ';
  if (locale.startsWith('zh')) return '：';
  return ': ';
}

/** A point in time in the language's date-and-time style, in UTC (files printed by the server say "UTC"). */
export function formatDateTimeUtc(value: Date, locale?: string): string {
  return dateFormat(locale, { ...DATE_TIME_STYLE, timeZone: 'UTC' }).format(value);
}
