/**
 * The sales-tax computation of AR documents (issue 14, CONTRACT-14; DOMAIN-NOTES §0 and §2), pure and exact:
 * the same function runs in the browser (the invoice form's preview) and on the server (what is posted).
 *
 * `taxesFor(rates, province, date, amount, authorities?)` → one `TaxLine` per authority taxing `amount` in
 * `province` on `date`: for each authority, the rate row of that province with the greatest
 * EffectiveDate ≤ date (rates are data keyed by effective date, never code); a rate of 0 means the tax
 * does not apply (ended). Each tax is rounded to the cent half-up when it is computed (a total is the sum of
 * rounded lines, never re-rounded). QST is not compounded on GST: every tax is on `amount` alone.
 * `authorities`, when given (a tax group's members), limits the taxes to those authorities.
 * Lines are ordered by authority id.
 */
import { add, div, isZero, mul, type Decimal } from '@erp/shared/decimal';

export interface TaxRate {
  AuthorityId: string;
  ProvinceCode: string;
  /** YYYY-MM-DD. */
  EffectiveDate: string;
  /** Percent, e.g. "13.000", "9.975". */
  RatePercent: Decimal;
  /** G/L payable account. */
  AccountId: string;
}

export interface TaxLine {
  authorityId: string;
  ratePercent: Decimal;
  accountId: string;
  /** Rounded to the cent. */
  amount: Decimal;
}

/** The rows in force on `date` in `province`, one per authority. */
export function ratesInForce(rates: readonly TaxRate[], province: string, date: string, authorities?: readonly string[] | null): TaxRate[] {
  const wanted = authorities ? new Set(authorities) : null;
  const best = new Map<string, TaxRate>();
  for (const rate of rates) {
    if (rate.ProvinceCode !== province || rate.EffectiveDate > date) continue;
    if (wanted && !wanted.has(rate.AuthorityId)) continue;
    const known = best.get(rate.AuthorityId);
    if (!known || known.EffectiveDate < rate.EffectiveDate) best.set(rate.AuthorityId, rate);
  }
  return [...best.values()].filter((rate) => !isZero(rate.RatePercent)).sort((a, b) => (a.AuthorityId < b.AuthorityId ? -1 : a.AuthorityId > b.AuthorityId ? 1 : 0));
}

/** `amount × percent / 100`, rounded half-up to the cent (the product is exact first: one rounding only). */
export function percentOf(amount: Decimal, percent: Decimal): Decimal {
  return div(mul(amount, percent, 10), '100', 2);
}

export function taxesFor(rates: readonly TaxRate[], province: string, date: string, amount: Decimal, authorities?: readonly string[] | null): TaxLine[] {
  return ratesInForce(rates, province, date, authorities).map((rate) => ({
    authorityId: rate.AuthorityId,
    ratePercent: rate.RatePercent,
    accountId: rate.AccountId,
    amount: percentOf(amount, rate.RatePercent),
  }));
}

/** The sum of tax lines' amounts. */
export function totalTax(lines: readonly TaxLine[]): Decimal {
  let total = '0.00';
  for (const line of lines) total = add(total, line.amount);
  return total;
}
