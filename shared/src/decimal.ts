/**
 * Exact decimals for money, rates and quantities (DOMAIN-NOTES §0, issue 12 "Exact money"): strings in,
 * strings out, BigInt inside. Never JavaScript `number` arithmetic for money.
 *
 * Contract (CONTRACT-12 "Exact decimals"):
 * - `parseDecimal(value, { precision, scale })` accepts ONLY strings `-?\d+(\.\d+)?` with at most `scale`
 *   decimals and at most `precision - scale` integer digits; anything else (numbers, booleans, `1e400`,
 *   `Infinity`, `0.001` for money) answers `{ ok: false, key }` with a message key of the `entities`
 *   namespace. The accepted value is normalized to exactly `scale` decimals (`"1250"` → `"1250.00"`).
 * - Arithmetic: `add, sub, neg, abs` are exact; `mul(a, b, scale)` and `div(a, b, scale)` round half-up
 *   (away from zero) to `scale`; `round(a, scale)` the same. Rounding is per line, half-up; totals are sums
 *   of rounded lines (`sum(values, scale)`).
 * - Results of `add/sub/neg/abs` keep the larger scale of their operands.
 */

/** A decimal as text: `-?\d+(\.\d+)?`. */
export type Decimal = string;

export interface DecimalSpec {
  /** Total significant digits (integer + fraction); default 15. */
  precision?: number;
  /** Digits after the point; default 2. */
  scale?: number;
}

export type ParseResult = { ok: true; value: Decimal } | { ok: false; key: string; params?: Record<string, unknown> };

const SHAPE = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Message keys of the refusals (namespace `entities`, texts in messages.ts and locales). */
export const DECIMAL_KEYS = {
  notDecimal: 'entities:validation.decimal',
  tooManyDecimals: 'entities:validation.decimalScale',
  tooLarge: 'entities:validation.decimalPrecision',
} as const;

interface Scaled {
  units: bigint;
  scale: number;
}

function parseShape(text: string): Scaled | null {
  const match = SHAPE.exec(text);
  if (!match) return null;
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

/** The scaled form of a decimal string; throws on anything else (programming errors, not user input). */
function scaled(value: Decimal): Scaled {
  const parsed = typeof value === 'string' ? parseShape(value.trim()) : null;
  if (!parsed) throw new TypeError(`not a decimal: ${String(value).slice(0, 40)}`);
  return parsed;
}

const TEN = 10n;
function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

function rescale(value: Scaled, scale: number): bigint {
  return value.scale === scale ? value.units : value.units * pow10(scale - value.scale);
}

/** Integer division rounding half-up away from zero. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  return negative ? -q : q;
}

function format(units: bigint, scale: number): Decimal {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (scale === 0) return `${negative && units !== 0n ? '-' : ''}${digits}`;
  digits = digits.padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/**
 * Parses user or wire input. Only decimal strings are accepted (§9 wire: decimals travel as strings),
 * so a JSON number, a boolean, an exponent or a locale-formatted string is refused with a message key.
 */
export function parseDecimal(value: unknown, spec: DecimalSpec = {}): ParseResult {
  const precision = spec.precision ?? 15;
  const scale = spec.scale ?? 2;
  if (typeof value !== 'string') return { ok: false, key: DECIMAL_KEYS.notDecimal };
  const text = value.trim();
  const match = text.length <= 64 ? SHAPE.exec(text) : null;
  if (!match) return { ok: false, key: DECIMAL_KEYS.notDecimal };
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) return { ok: false, key: DECIMAL_KEYS.tooManyDecimals, params: { scale } };
  const integer = match[2]!.replace(/^0+(?=\d)/, '');
  if (integer.length > precision - scale) {
    return { ok: false, key: DECIMAL_KEYS.tooLarge, params: { digits: precision - scale } };
  }
  const units = BigInt(`${integer}${fraction.padEnd(scale, '0')}`);
  return { ok: true, value: format(match[1] === '-' ? -units : units, scale) };
}

/** True when `value` is a decimal string (any scale). */
export function isDecimal(value: unknown): value is Decimal {
  return typeof value === 'string' && SHAPE.test(value);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const x = scaled(a);
  const y = scaled(b);
  const scale = Math.max(x.scale, y.scale);
  return format(rescale(x, scale) + rescale(y, scale), scale);
}

export function sub(a: Decimal, b: Decimal): Decimal {
  const x = scaled(a);
  const y = scaled(b);
  const scale = Math.max(x.scale, y.scale);
  return format(rescale(x, scale) - rescale(y, scale), scale);
}

export function neg(a: Decimal): Decimal {
  const x = scaled(a);
  return format(-x.units, x.scale);
}

export function abs(a: Decimal): Decimal {
  const x = scaled(a);
  return format(x.units < 0n ? -x.units : x.units, x.scale);
}

/** Half-up (away from zero) to `scale` digits. */
export function round(a: Decimal, scale: number): Decimal {
  const x = scaled(a);
  if (x.scale <= scale) return format(rescale(x, scale), scale);
  return format(divRound(x.units, pow10(x.scale - scale)), scale);
}

/** `a × b`, rounded half-up to `scale`. */
export function mul(a: Decimal, b: Decimal, scale: number): Decimal {
  const x = scaled(a);
  const y = scaled(b);
  const exact = x.units * y.units;
  const exactScale = x.scale + y.scale;
  if (exactScale <= scale) return format(exact * pow10(scale - exactScale), scale);
  return format(divRound(exact, pow10(exactScale - scale)), scale);
}

/** `a ÷ b`, rounded half-up to `scale`; throws RangeError on division by zero. */
export function div(a: Decimal, b: Decimal, scale: number): Decimal {
  const x = scaled(a);
  const y = scaled(b);
  // a/b = (xu/10^xs) / (yu/10^ys); result units at `scale` = xu * 10^(scale + ys - xs) / yu.
  const shift = scale + y.scale - x.scale;
  const numerator = shift >= 0 ? x.units * pow10(shift) : x.units;
  const denominator = shift >= 0 ? y.units : y.units * pow10(-shift);
  return format(divRound(numerator, denominator), scale);
}

/** -1, 0 or 1. */
export function cmp(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const x = scaled(a);
  const y = scaled(b);
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export function isZero(a: Decimal): boolean {
  return scaled(a).units === 0n;
}

export function isNegative(a: Decimal): boolean {
  return scaled(a).units < 0n;
}

/** The exact sum, at `scale` (each value rounded half-up to `scale` first: totals are sums of rounded lines). */
export function sum(values: Iterable<Decimal>, scale: number): Decimal {
  let total = 0n;
  for (const value of values) total += scaled(round(value, scale)).units;
  return format(total, scale);
}

/** The value with exactly `scale` decimals (rounded half-up when it has more). */
export function toFixedScale(a: Decimal, scale: number): Decimal {
  return round(a, scale);
}

/** Integer units of 10^-scale (SQLite storage); the value must have at most `scale` decimals after rounding. */
export function toUnits(a: Decimal, scale: number): bigint {
  return scaled(round(a, scale)).units;
}

/** The decimal string of `units` × 10^-scale. */
export function fromUnits(units: bigint | number | string, scale: number): Decimal {
  return format(BigInt(units), scale);
}

export const ZERO = '0.00';

/**
 * What the user typed, in their language (`1 250,50` in fr-CA, `1,250.50` in en-CA), as a decimal
 * string for parseDecimal; null when it is not a number. Group separators are dropped; the language's
 * decimal separator (and `.`) becomes `.`.
 */
export function parseLocaleDecimal(text: string, locale: string): string | null {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  let cleaned = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (group.trim() !== '') cleaned = cleaned.split(group).join('');
  if (decimal !== '.') cleaned = cleaned.replace(decimal, '.');
  cleaned = cleaned.replace(/^\u2212/, '-');
  return SHAPE.test(cleaned) ? cleaned : null;
}
