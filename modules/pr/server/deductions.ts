/**
 * The deductions engine (issue 29 item 3): CRA's "Payroll Deductions Formulas" (T4127), option 1, for the
 * edition in force on the pay date — CPP and CPP2 (QPP and QPP2 for Québec), EI (Québec's reduced rate), QPIP,
 * federal and provincial or territorial income tax — and the employer's contributions (pension match, EI ×
 * its factor, QPIP's employer rate, WSIB by group rate; union dues and contributions by level).
 *
 * Every rate, threshold, bracket and constant is data (`pr_statutory_rates`, `pr_tax_brackets`: per
 * jurisdiction, the row with the greatest effective date on or before the pay date — January and July
 * editions); nothing statutory is written here. The engine names no province: a province's specials
 * (Ontario's surtax, tax reduction and health premium, British Columbia's reduction, Alberta's credit supplement,
 * Yukon's employment amount) apply when its tables hold them.
 *
 * Exact decimals throughout (shared/src/decimal.ts); each pay-period amount is rounded half-up to the cent when
 * it is made, annual figures to the cent as each parenthesis of the formula is resolved (T4127 122nd ed. p. 43's
 * note; p. 8: rate ratios themselves are not rounded) — C × base/rate per pay, K1, K2, K4 — as the publishers'
 * worked examples show (the 120th edition's bonus example holds to the cent only so); totals are sums of rounded
 * figures. The tables' editions, and the page of every figure: server/tables.ts.
 *
 * Formulas (T4127 122nd ed. chapters 4, 6, 7; TP-1015.F; DOMAIN-NOTES §1.3–1.6):
 *   pension  PM = the months contributions are required (`pensionMonths`: from the month after the start age
 *                 through the month of the end age, p. 30); max, max2, YMPE and K2's maximum are × PM/12; a pay
 *                 outside those months contributes nothing
 *            C  = min(max − YTD C, rate × (PI − exemption/P))  (exemption/P truncated to the cent, p. 8)
 *            C2 = min(max2 − YTD C2, rate2 × (YTD PI + PI − max(YTD PI, YMPE)))
 *   EI         = min(maxEI − YTD EI, rate × IE); employer = EI × factor (1.4)
 *   QPIP       = min(max − YTD, rate × IE), max = MIE × rate (employee and employer rates)
 *   tax  F5 = C × (rate − base rate)/rate + C2 (the enhanced parts: a deduction, not a credit; `PayResult.f5`)
 *        A  = P × (I − F − F5 − U1)                               (annual taxable income)
 *        T3 = R × A − K − K1 − K2 − K4; K1 = cr × TC (TC, TCP without a TD1 amount: the basic amount, or one the
 *             tables reduce on net income — BPAF, BPAYT, BPAMB, p. 10: `basicPersonal`); K2 = cr × (min(max(P ×
 *             (C × base/rate), YTD C × base/rate), max base) + min(max(P × EI, YTD EI), maxEI) [+ the same for
 *             QPIP: K2Q]); K4 = min(cr × A, cr × CEA) (YTD: before this pay; the greater of the two is T4127's
 *             recommendation, p. 16; and each maximum itself in the pay that reaches it, YTD + this pay's = max,
 *             and after: the note to K2, p. 15 — issue 68 item 7)
 *        T1 = T3 − P × LCF − abatement × T3 in Québec (16.5 %); LCF: LABOUR_FUND_RATE × the shares withheld, at
 *             most LABOUR_FUND_MAX a year (p. 17)
 *        T4 = V × A − KP − K1P − K2P − K4P − K5P (K5P: a credit supplement, Alberta's)
 *        Québec's tax is Revenu Québec's TP-1015.F (s. 2.1.1), the same shape with items of its tables: its income
 *        less the deduction for workers (I = A − P × H, H = min(6 % × G, maximum / P)), union dues not deducted
 *        (UNION_DUES_DEDUCTED 0: F, p. 13), no contributions credited (Y = T × I − K − 0.14 × E − 0.15 × P × (Q +
 *        Q1); CONTRIBUTIONS_CREDITED 0, LABOUR_FUND_RATE 0.15); its constants K are the guide's printed ones
 *        T2 = T4 + V1 (surtax) − S (tax reduction: Ontario's, or a low-income one phased out on A and nil above a
 *             ceiling, British Columbia's) + V2 (health premium) − P × LCP
 *        per pay: federal T1/P + additional tax, provincial T2/P, each rounded to the cent (as the PDOC)
 *   non-periodic payments (bonus, retroactive pay; T4127's regular bonus method, p. 17–19): I and F5A above are the
 *        periodic pay's (F5A = F5 × (PI − B)/PI, F5B = F5 − F5A), K2 on the periodic contributions; the payment adds
 *        T(A + B1 + B − F3 − F5B, K2 with the contributions of B1 and B added) − T(A + B1, K2 with B1's) to each of
 *        T1 and T2, unrounded then rounded to the cent (B1: the income the year's earlier non-periodic payments
 *        added; F3: the RPP withheld from the payment — TP-1015.F Annexe 2's)
 */
import { add, cmp, div, isNegative, isZero, mul, round, sub, type Decimal } from '@erp/shared/decimal';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { Kysely } from 'kysely';
import { JURISDICTIONS, type RateItem } from '../definitions/common.ts';
import type { PrDatabase } from './tables.generated.ts';

type Jurisdiction = (typeof JURISDICTIONS)[number];
const isJurisdiction = (value: string): value is Jurisdiction => (JURISDICTIONS as readonly string[]).includes(value);

export interface Bracket {
  threshold: Decimal;
  rate: Decimal;
  constant: Decimal;
  cap: Decimal | null;
}

/** The tables in force on one date for the jurisdictions of one pay: `CA`, the province, and QC's when it is Québec. */
export interface PayTables {
  /** The date the tables are in force on (the pay date asked). */
  date: string;
  /** The latest effective date among the rows used (the edition). */
  edition: string;
  rates: Map<string, Decimal>;
  brackets: Map<string, Bracket[]>;
}

const key = (jurisdiction: string, item: string) => `${jurisdiction}:${item}`;

export function rateOf(tables: PayTables, jurisdiction: string, item: RateItem): Decimal | null {
  return tables.rates.get(key(jurisdiction, item)) ?? null;
}

function need(tables: PayTables, jurisdiction: string, item: RateItem): Decimal {
  const value = rateOf(tables, jurisdiction, item);
  if (value === null) throw new MissingRateError(jurisdiction, item);
  return value;
}

/** A pay date no table covers (the refusal names the jurisdiction and item). */
export class MissingRateError extends Error {
  override name = 'MissingRateError';
  constructor(
    readonly jurisdiction: string,
    readonly item: string,
  ) {
    super(`no ${item} for ${jurisdiction}`);
  }
}

/** Reads the tables in force on `date` for `jurisdictions` (latest effective date ≤ date, per item and per bracket set). */
export async function loadTables(db: Kysely<PrDatabase>, date: string, jurisdictions: readonly string[]): Promise<PayTables> {
  const tables: PayTables = { date, edition: '', rates: new Map(), brackets: new Map() };
  // A province no table knows has no rows (and `in ()` is no SQL).
  const known = jurisdictions.filter(isJurisdiction);
  if (known.length === 0) return tables;
  const rates = await db
    .selectFrom('pr_statutory_rates')
    .select(['jurisdiction', 'item', 'effective_from', 'value'])
    .where('jurisdiction', 'in', known)
    .where('effective_from', '<=', date)
    .orderBy('effective_from')
    .execute();
  for (const row of rates) {
    // Ordered by date: a later edition's row replaces an earlier one.
    tables.rates.set(key(String(row.jurisdiction), String(row.item)), decimalFromDb(db, row.value, 6) ?? '0');
    if (String(row.effective_from) > tables.edition) tables.edition = String(row.effective_from);
  }
  const brackets = await db
    .selectFrom('pr_tax_brackets')
    .select(['jurisdiction', 'kind', 'effective_from', 'threshold', 'rate', 'constant', 'cap'])
    .where('jurisdiction', 'in', known)
    .where('effective_from', '<=', date)
    .orderBy('effective_from')
    .orderBy('threshold')
    .execute();
  const latest = new Map<string, string>();
  for (const row of brackets) latest.set(key(String(row.jurisdiction), String(row.kind)), String(row.effective_from));
  for (const row of brackets) {
    const set = key(String(row.jurisdiction), String(row.kind));
    if (latest.get(set) !== String(row.effective_from)) continue;
    const list = tables.brackets.get(set) ?? [];
    list.push({
      threshold: decimalFromDb(db, row.threshold, 2) ?? '0.00',
      rate: decimalFromDb(db, row.rate, 6) ?? '0',
      constant: decimalFromDb(db, row.constant, 2) ?? '0.00',
      cap: decimalFromDb(db, row.cap, 2),
    });
    tables.brackets.set(set, list);
    if (String(row.effective_from) > tables.edition) tables.edition = String(row.effective_from);
  }
  return tables;
}

/** What one pay of one employee is computed from. */
export interface PayInput {
  /** Province of employment (QC: QPP, QPIP, Québec EI and the federal abatement). */
  province: string;
  /** Pay periods in the year (P). */
  periods: number;
  /** Taxable, pensionable and insurable earnings of this pay. */
  taxable: Decimal;
  pensionable: Decimal;
  insurable: Decimal;
  hours: Decimal;
  /** RPP contributions of this pay (F) and union dues (U1), both deducted before tax. */
  rpp: Decimal;
  unionDues: Decimal;
  /** TD1 claim amounts (TC, TCP); null: the basic personal amount. */
  federalClaim: Decimal | null;
  provincialClaim: Decimal | null;
  additionalTax: Decimal;
  cppExempt: boolean;
  /**
   * PM: the months of the year the pension plan requires contributions for (an employee turning 18 or 70 in
   * it; T4127 prorates the maximums and the YMPE by PM/12); omitted: 12.
   */
  pensionMonths?: number;
  eiExempt: boolean;
  ppipExempt: boolean;
  /** WSIB: rate per $100 and maximum insurable earnings of the employee's group; null: not covered. */
  wsib: { ratePer100: Decimal; maxInsurable: Decimal } | null;
  /**
   * The non-periodic part of this pay's taxable, pensionable and insurable earnings (a bonus, retroactive pay:
   * earnings codes taxed by T4127's bonus method); omitted: none.
   */
  nonPeriodic?: { taxable: Decimal; pensionable: Decimal; insurable: Decimal; rpp?: Decimal };
  /**
   * Withheld this pay for approved shares of labour-sponsored funds (T4127's LCF and LCP base; TP-1015.F's Q + Q1:
   * FTQ and Fondaction), credited at each jurisdiction's LABOUR_FUND_RATE × P, at most LABOUR_FUND_MAX a year
   * where the tables hold one; omitted: none.
   */
  labourFundShares?: Decimal;
  /**
   * Year to date before this pay (same employer, same calendar year). `nonPeriodic`: the annual income the
   * year's earlier non-periodic payments added (B1 − F4 − F5BYTD of T4127's bonus method); `nonPeriodicContributions`:
   * the pension, EI and QPIP contributions deducted from them (credited in K2 with the periodic pay's annualized,
   * T4127 122nd ed. p. 18–19); omitted: none.
   */
  ytd: {
    pension: Decimal;
    pension2: Decimal;
    pensionable: Decimal;
    ei: Decimal;
    qpip: Decimal;
    employerQpip: Decimal;
    wsibInsurable: Decimal;
    nonPeriodic?: Decimal;
    nonPeriodicContributions?: { pension: Decimal; ei: Decimal; qpip: Decimal };
  };
}

export interface PayResult {
  edition: string;
  /** F5 (F5Q): this pay's enhanced pension contributions deducted from income (first additional part + C2). */
  f5: Decimal;
  cpp: Decimal;
  cpp2: Decimal;
  qpp: Decimal;
  qpp2: Decimal;
  ei: Decimal;
  qpip: Decimal;
  federalTax: Decimal;
  provincialTax: Decimal;
  employerCpp: Decimal;
  employerEi: Decimal;
  employerQpip: Decimal;
  employerWsib: Decimal;
  wsibInsurable: Decimal;
  /**
   * The annual figures of the tax calculation (A, T1, T2 on the periodic earnings), kept with the pay for the
   * audit; with a non-periodic payment also the annual income it adds (B − F5B) and the tax on it (federal,
   * provincial: already in `federalTax` and `provincialTax`).
   */
  annual: { a: Decimal; t1: Decimal; t2: Decimal; nonPeriodic?: { income: Decimal; federal: Decimal; provincial: Decimal } };
}

const ZERO = '0.00';
const min = (a: Decimal, b: Decimal): Decimal => (cmp(a, b) <= 0 ? a : b);
const max = (a: Decimal, b: Decimal): Decimal => (cmp(a, b) >= 0 ? a : b);
const floor0 = (a: Decimal): Decimal => (isNegative(a) ? ZERO : a);
const cents = (a: Decimal): Decimal => round(a, 2);
/** Truncated to the cent (CRA's per-period basic exemption: 3,500 / 26 = 134.61). */
function truncate2(a: Decimal): Decimal {
  const [whole = '0', fraction = ''] = a.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
const times = (a: Decimal, b: Decimal) => mul(a, b, 6);
const P = (input: PayInput) => String(input.periods);

/** The bracket of `income`: the greatest threshold ≤ income. */
function bracketOf(list: readonly Bracket[], income: Decimal): Bracket | null {
  let found: Bracket | null = null;
  for (const bracket of list) if (cmp(bracket.threshold, income) <= 0) found = bracket;
  return found;
}

/** Annual tax of a jurisdiction before its specials: rate × A − constant − credits (not rounded). */
function bracketTax(tables: PayTables, jurisdiction: string, a: Decimal, credits: Decimal): Decimal {
  const list = tables.brackets.get(key(jurisdiction, 'Tax')) ?? [];
  const bracket = bracketOf(list, a);
  if (!bracket) throw new MissingRateError(jurisdiction, 'TAX_BRACKETS');
  return floor0(sub(sub(times(bracket.rate, a), bracket.constant), credits));
}

/**
 * PM, and whether a pay contributes: the pension plan requires contributions from the month after the employee
 * reaches its start age through the month they reach its end age (the tables' PENSION_START_AGE and
 * PENSION_END_AGE of the plan's jurisdiction: CPP 18 and 70, QPP 18). Without a birth date, or an age the tables
 * do not hold: every month.
 */
export function pensionMonths(tables: PayTables, jurisdiction: string, birthDate: string | null, payDate: string): { months: number; contributes: boolean } {
  const year = Number(payDate.slice(0, 4));
  const month = Number(payDate.slice(5, 7));
  let first = 1;
  let last = 12;
  if (birthDate && /^\d{4}-\d{2}/.test(birthDate)) {
    const born = Number(birthDate.slice(0, 4));
    const bornMonth = Number(birthDate.slice(5, 7));
    const start = rateOf(tables, jurisdiction, 'PENSION_START_AGE');
    const end = rateOf(tables, jurisdiction, 'PENSION_END_AGE');
    if (start !== null) {
      const turns = born + Number(start);
      first = turns > year ? 13 : turns === year ? bornMonth + 1 : 1;
    }
    if (end !== null) {
      const turns = born + Number(end);
      last = turns < year ? 0 : turns === year ? bornMonth : 12;
    }
  }
  const months = Math.max(0, last - first + 1);
  return { months, contributes: months > 0 && month >= first && month <= last };
}

/** A yearly pension figure for the months contributions are required (× PM/12, to the cent). */
function forMonths(input: PayInput, annual: Decimal): Decimal {
  const months = input.pensionMonths ?? 12;
  return months === 12 ? annual : cents(div(times(annual, String(months)), '12', 6));
}

/** The employee's pension (CPP or QPP) contributions of this pay. */
function pension(tables: PayTables, jurisdiction: string, input: PayInput): { c: Decimal; c2: Decimal } {
  if (input.cppExempt) return { c: ZERO, c2: ZERO };
  const rate = need(tables, jurisdiction, 'PENSION_RATE');
  const exemption = truncate2(div(need(tables, jurisdiction, 'PENSION_EXEMPTION'), P(input), 6));
  const room = floor0(sub(forMonths(input, need(tables, jurisdiction, 'PENSION_MAX')), input.ytd.pension));
  const c = cents(min(room, times(rate, floor0(sub(input.pensionable, exemption)))));
  // T4127: the earnings of the year above the YMPE not yet counted; the maximum (4 % of YAMPE − YMPE) less the
  // year to date bounds it (the PDOC's, when a year to date holds earnings above the YMPE but no CPP2 yet).
  const ympe = forMonths(input, need(tables, jurisdiction, 'PENSION_YMPE'));
  const after = add(input.ytd.pensionable, input.pensionable);
  const above = floor0(sub(after, max(input.ytd.pensionable, ympe)));
  const room2 = floor0(sub(forMonths(input, need(tables, jurisdiction, 'PENSION2_MAX')), input.ytd.pension2));
  const c2 = cents(min(room2, times(need(tables, jurisdiction, 'PENSION2_RATE'), above)));
  return { c, c2 };
}

/**
 * The basic personal amount of a jurisdiction for an employee who claims it alone (no TD1 amount: claim code 1). Where
 * the tables reduce it on net income NI (Manitoba's BPAMB, T4127 from the 120th edition): NI ≤ from, the amount;
 * NI ≥ to, the minimum; between, amount − (NI − from) × (amount − minimum) / (to − from), to the cent. NI = A here
 * (T4127's NI = A + HD: no prescribed-zone deduction HD is kept).
 */
export function basicPersonal(tables: PayTables, jurisdiction: string, netIncome: Decimal): Decimal {
  const amount = need(tables, jurisdiction, 'BASIC_PERSONAL');
  const from = rateOf(tables, jurisdiction, 'BASIC_PERSONAL_REDUCED_FROM');
  if (from === null || cmp(netIncome, from) <= 0) return amount;
  const to = need(tables, jurisdiction, 'BASIC_PERSONAL_REDUCED_TO');
  const minimum = rateOf(tables, jurisdiction, 'BASIC_PERSONAL_MIN') ?? '0';
  if (cmp(netIncome, to) >= 0) return minimum;
  return cents(sub(amount, div(times(sub(netIncome, from), sub(amount, minimum)), sub(to, from), 6)));
}

/** Computes one pay (see the header). Throws MissingRateError when the tables lack an item the pay needs. */
export function computePay(tables: PayTables, input: PayInput): PayResult {
  const quebec = input.province === 'QC';
  const pensionJurisdiction = quebec ? 'QC' : 'CA';
  const { c, c2 } = pension(tables, pensionJurisdiction, input);

  // EI: Québec employees pay the reduced rate (QC rows), everyone else the federal one.
  const eiJurisdiction = quebec && rateOf(tables, 'QC', 'EI_RATE') !== null ? 'QC' : 'CA';
  const eiMax = need(tables, eiJurisdiction, 'EI_MAX');
  const eiOn = (insurable: Decimal) => (input.eiExempt ? ZERO : cents(min(floor0(sub(eiMax, input.ytd.ei)), times(need(tables, eiJurisdiction, 'EI_RATE'), insurable))));
  const ei = eiOn(input.insurable);
  const employerEi = cents(times(ei, need(tables, 'CA', 'EI_EMPLOYER_FACTOR')));

  const withQpip = quebec && !input.ppipExempt;
  const qpipMax = withQpip ? cents(times(need(tables, 'QC', 'QPIP_MAX_INSURABLE'), need(tables, 'QC', 'QPIP_RATE'))) : ZERO;
  const qpipOn = (insurable: Decimal) => (withQpip ? cents(min(floor0(sub(qpipMax, input.ytd.qpip)), times(need(tables, 'QC', 'QPIP_RATE'), insurable))) : ZERO);
  const qpip = qpipOn(input.insurable);
  let employerQpip = ZERO;
  if (withQpip) {
    const employerRate = need(tables, 'QC', 'QPIP_EMPLOYER_RATE');
    employerQpip = cents(min(floor0(sub(cents(times(need(tables, 'QC', 'QPIP_MAX_INSURABLE'), employerRate)), input.ytd.employerQpip)), times(employerRate, input.insurable)));
  }

  // Income tax, option 1: annualize the periodic earnings of this pay; a non-periodic payment (bonus, retroactive
  // pay) is taxed by T4127's bonus method — the year's tax with it less the year's tax without it.
  const np = input.nonPeriodic ?? { taxable: ZERO, pensionable: ZERO, insurable: ZERO };
  // F3 (TP-1015.F: the RPP part of B2): the deductions at source withheld from the non-periodic payment itself.
  const npRpp = np.rpp ?? ZERO;
  const hasNonPeriodic = !isZero(np.taxable);
  const pensionRate = need(tables, pensionJurisdiction, 'PENSION_RATE');
  const baseRate = need(tables, pensionJurisdiction, 'PENSION_BASE_RATE');
  const f5 = cents(add(div(times(c, sub(pensionRate, baseRate)), pensionRate, 6), c2));
  // F5A, F5B: the enhanced contributions split between the periodic and the non-periodic pensionable earnings.
  const f5a = hasNonPeriodic && !isZero(input.pensionable) ? cents(div(times(f5, sub(input.pensionable, np.pensionable)), input.pensionable, 6)) : f5;
  const a = floor0(cents(times(P(input), sub(sub(sub(sub(input.taxable, np.taxable), sub(input.rpp, npRpp)), f5a), input.unionDues))));

  // K2's contributions for the year (T4127 122nd ed. p. 15–16, the note to K2 and K2Q; glossary p. 12): the periodic
  // pay's annualized, or what the year to date already holds when that is more; the maximum itself from the pay in
  // which the contributions reach it (year to date + this pay's = the maximum) and in every pay after it (issue 68
  // item 7: crediting the year to date before that pay took up to 0.69 of federal tax too much); plus what a
  // non-periodic payment adds, never above the maximum. With a non-periodic payment, the periodic pay's own
  // contributions are those of its periodic earnings alone, and a maximum the payment itself reaches is credited
  // through the payment's contributions (K2 with them added, capped: the PDOC's British Columbia bonus case).
  const periodic = hasNonPeriodic
    ? { c: pension(tables, pensionJurisdiction, { ...input, pensionable: sub(input.pensionable, np.pensionable) }).c, ei: eiOn(sub(input.insurable, np.insurable)), qpip: qpipOn(sub(input.insurable, np.insurable)) }
    : { c, ei, qpip };
  // Whether a maximum is reached is decided on the contributions themselves, then each amount is converted (the
  // pension's base part, C × base/rate, to the cent: a parenthesis of K2) — converted first, their cents could
  // fall one short of the maximum's.
  const same = (x: Decimal) => x;
  const forTheYear = (thisPay: Decimal, yearToDate: Decimal, added: Decimal, maximum: Decimal, part: (x: Decimal) => Decimal = same) =>
    cmp(add(yearToDate, thisPay), maximum) >= 0 ? part(maximum) : min(add(max(times(P(input), part(thisPay)), part(yearToDate)), part(added)), part(maximum));
  const pensionMax = forMonths(input, need(tables, pensionJurisdiction, 'PENSION_MAX'));
  /** The contributions credited (K2, K2P): the pension's base part, EI, and QPIP in Québec. */
  const baseOf = (x: Decimal) => cents(div(times(x, baseRate), pensionRate, 6));
  const creditBase = (added: { c: Decimal; ei: Decimal; qpip: Decimal }): Decimal =>
    add(
      add(forTheYear(periodic.c, input.ytd.pension, added.c, pensionMax, baseOf), forTheYear(periodic.ei, input.ytd.ei, added.ei, eiMax)),
      quebec ? forTheYear(periodic.qpip, input.ytd.qpip, added.qpip, qpipMax) : ZERO,
    );

  const credits = (jurisdiction: string, claim: Decimal | null, annual: Decimal, base: Decimal) => {
    const rate = need(tables, jurisdiction, 'TAX_CREDIT_RATE');
    const personal = claim ?? basicPersonal(tables, jurisdiction, annual);
    // CONTRIBUTIONS_CREDITED 0: the jurisdiction credits no pension, EI or QPIP contributions at source (TP-1015.F's
    // Y = T × I − K − 0.14 × E, Québec's).
    const credited = rateOf(tables, jurisdiction, 'CONTRIBUTIONS_CREDITED');
    let total = add(cents(times(rate, personal)), credited !== null && isZero(credited) ? ZERO : cents(times(rate, base)));
    // A supplement on the credits above a base (Alberta's K5P = ((K1P + K2P) − base) × rate), when the tables hold one.
    const supplementBase = rateOf(tables, jurisdiction, 'CREDIT_SUPPLEMENT_BASE');
    if (supplementBase !== null) total = add(total, cents(times(need(tables, jurisdiction, 'CREDIT_SUPPLEMENT_RATE'), floor0(sub(total, supplementBase)))));
    const employment = rateOf(tables, jurisdiction, 'EMPLOYMENT_AMOUNT');
    if (employment !== null) total = add(total, cents(min(times(rate, annual), times(rate, employment))));
    return total;
  };

  // A deduction for workers from the provincial income only, when the province's tables hold one (TP-1015.F, step 1:
  // H = 6 % × the periodic gross, at most the annual maximum / P, each to the cent; I = P × (G − F − H − CSA)).
  const workerRate = rateOf(tables, input.province, 'WORKER_DEDUCTION_RATE');
  const workerDeduction =
    workerRate === null ? ZERO : cents(times(P(input), min(cents(times(workerRate, sub(input.taxable, np.taxable))), cents(div(need(tables, input.province, 'WORKER_DEDUCTION_MAX'), P(input), 6)))));

  // Union dues are deducted from the federal income (T4127's U1) and the province's unless its tables say otherwise
  // (UNION_DUES_DEDUCTED 0: Québec, whose F, TP-1015.F p. 13, does not hold them — a credit on the return there).
  const duesDeducted = rateOf(tables, input.province, 'UNION_DUES_DEDUCTED');
  const duesNotDeducted = duesDeducted !== null && isZero(duesDeducted) ? cents(times(P(input), input.unionDues)) : ZERO;

  /** The labour-sponsored funds credit of a jurisdiction for the year: rate × P × shares, at most its maximum. */
  const labourFundCredit = (jurisdiction: string): Decimal => {
    const rate = rateOf(tables, jurisdiction, 'LABOUR_FUND_RATE');
    if (rate === null || !input.labourFundShares || isZero(input.labourFundShares)) return ZERO;
    const credit = times(times(rate, input.labourFundShares), P(input));
    const cap = rateOf(tables, jurisdiction, 'LABOUR_FUND_MAX');
    return cap === null ? credit : min(credit, cap);
  };

  /** The year's federal (T1) and provincial (T2) tax on an annual income with the contributions credited. */
  const yearTax = (annual: Decimal, base: Decimal, rounded = true): { t1: Decimal; t2: Decimal } => {
    const r = rounded ? cents : (x: Decimal) => x;
    // T1 and T2 are rounded to the cent as wholes, not T4 or the surtax on their way (the PDOC's figures: Ontario,
    // $3,846.15 bi-weekly with every maximum reached, T2 = 6,945.2459 → 6,945.25 → 267.13; rounding T4 first gives 267.12).
    const t3 = r(bracketTax(tables, 'CA', annual, credits('CA', input.federalClaim, annual, base)));
    const abatement = quebec ? r(times(need(tables, 'CA', 'ABATEMENT'), t3)) : ZERO;
    // T1 = (T3 − P × LCF) − abatement × T3 (T4127 p. 17), never negative.
    const federal = floor0(sub(floor0(sub(t3, labourFundCredit('CA'))), abatement));
    const provincialAnnual = floor0(add(sub(annual, workerDeduction), duesNotDeducted));
    const t4 = bracketTax(tables, input.province, provincialAnnual, credits(input.province, input.provincialClaim, provincialAnnual, base));
    // The province's specials, when its tables hold them (Ontario: surtax V1, tax reduction S, health premium V2).
    let v1 = ZERO;
    const threshold1 = rateOf(tables, input.province, 'SURTAX_THRESHOLD1');
    if (threshold1 !== null) {
      v1 = times(need(tables, input.province, 'SURTAX_RATE1'), floor0(sub(t4, threshold1)));
      const threshold2 = rateOf(tables, input.province, 'SURTAX_THRESHOLD2');
      if (threshold2 !== null) v1 = add(v1, times(need(tables, input.province, 'SURTAX_RATE2'), floor0(sub(t4, threshold2))));
    }
    let s = ZERO;
    // Ontario's tax reduction: S = min(T4 + V1, 2 × basic amount − (T4 + V1)).
    const reduction = rateOf(tables, input.province, 'TAX_REDUCTION');
    if (reduction !== null) s = min(add(t4, v1), floor0(sub(times('2', reduction), add(t4, v1))));
    // A low-income reduction phased out on A (British Columbia's S = min(T4, amount − (A − threshold) × rate)), and
    // none above its ceiling where the tables hold one (T4127 122nd ed. p. 21: 41,722; 123rd p. 8: 44,952, where the
    // prorated 805 would otherwise still reduce).
    const lowIncome = rateOf(tables, input.province, 'LOW_INCOME_REDUCTION');
    const ceiling = rateOf(tables, input.province, 'LOW_INCOME_CEILING');
    if (lowIncome !== null && (ceiling === null || cmp(provincialAnnual, ceiling) <= 0)) {
      const phasedOut = times(need(tables, input.province, 'LOW_INCOME_RATE'), floor0(sub(provincialAnnual, need(tables, input.province, 'LOW_INCOME_THRESHOLD'))));
      s = add(s, min(t4, floor0(cents(sub(lowIncome, phasedOut)))));
    }
    let v2 = ZERO;
    const premium = bracketOf(tables.brackets.get(key(input.province, 'HealthPremium')) ?? [], provincialAnnual);
    if (premium) {
      const charged = add(premium.constant, times(premium.rate, sub(provincialAnnual, premium.threshold)));
      v2 = cents(premium.cap === null ? charged : min(charged, premium.cap));
    }
    // T2 = T4 + V1 + V2 − S − P × LCP (T4127 p. 20); Québec's Y = … − 0.15 × P × Q − 0.15 × P × Q1 (TP-1015.F p. 15).
    return { t1: federal, t2: floor0(r(sub(add(sub(add(t4, v1), s), v2), labourFundCredit(input.province)))) };
  };

  const base = creditBase({ c: ZERO, ei: ZERO, qpip: ZERO });
  const { t1, t2 } = yearTax(a, base);
  // Each part rounded to the cent on its own, as the CRA's PDOC shows them (its Nova Scotia case, $2,307.69
  // bi-weekly 2026: T2 = 5,595.89 → 215.23, where (T1 + T2)/P − T1/P would give 215.22).
  let federalTax = add(cents(div(t1, P(input), 6)), input.additionalTax);
  let provincialTax = cents(div(t2, P(input), 6));

  let nonPeriodic: PayResult['annual']['nonPeriodic'];
  if (hasNonPeriodic) {
    // A = the periodic income + the year's earlier non-periodic income (B1 − F5B1) [+ this one's, B − F5B]; K2 with
    // this payment's contributions added to the periodic ones'.
    const income = floor0(sub(sub(np.taxable, npRpp), sub(f5, f5a)));
    const before = add(a, input.ytd.nonPeriodic ?? ZERO);
    // The year's earlier non-periodic payments' contributions count in K2 with and without this one (T4127 p. 18–19).
    const earlier = input.ytd.nonPeriodicContributions;
    const noneAdded = { c: earlier?.pension ?? ZERO, ei: earlier?.ei ?? ZERO, qpip: earlier?.qpip ?? ZERO };
    const without = yearTax(before, earlier ? creditBase(noneAdded) : base, false);
    const withIt = yearTax(add(before, income), creditBase({ c: add(noneAdded.c, sub(c, periodic.c)), ei: add(noneAdded.ei, sub(ei, periodic.ei)), qpip: add(noneAdded.qpip, sub(qpip, periodic.qpip)) }), false);
    nonPeriodic = { income, federal: floor0(cents(sub(withIt.t1, without.t1))), provincial: floor0(cents(sub(withIt.t2, without.t2))) };
    federalTax = add(federalTax, nonPeriodic.federal);
    provincialTax = add(provincialTax, nonPeriodic.provincial);
  }

  let employerWsib = ZERO;
  let wsibInsurable = ZERO;
  if (input.wsib) {
    wsibInsurable = min(input.insurable, floor0(sub(input.wsib.maxInsurable, input.ytd.wsibInsurable)));
    employerWsib = cents(div(times(wsibInsurable, input.wsib.ratePer100), '100', 6));
  }

  return {
    edition: tables.edition,
    f5,
    cpp: quebec ? ZERO : c,
    cpp2: quebec ? ZERO : c2,
    qpp: quebec ? c : ZERO,
    qpp2: quebec ? c2 : ZERO,
    ei,
    qpip,
    federalTax: cents(federalTax),
    provincialTax: cents(provincialTax),
    employerCpp: cents(add(c, c2)),
    employerEi,
    employerQpip,
    employerWsib,
    wsibInsurable: cents(wsibInsurable),
    annual: { a, t1: cents(t1), t2, ...(nonPeriodic ? { nonPeriodic } : {}) },
  };
}
