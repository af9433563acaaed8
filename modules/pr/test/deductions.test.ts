/**
 * The deductions engine (issue 29 item 3) against the statutory tables as seeded (modules/pr/server/tables.ts),
 * on SQLite and PostgreSQL: every figure below is written in the test with its source.
 *
 * Sources:
 * - CPP 2025, bi-weekly pensionable pay $2,500 → $140.74: DOMAIN-NOTES §1.3 ("Example, checked here",
 *   0.0595 × (2,500 − 134.61), the CRA's per-period exemption [S5]).
 * - EI 2025: 1.64 % employee, employer 1.4 × (DOMAIN-NOTES §1.4 [S7][S8][S12]).
 * - 2026 federal and Ontario income tax: no official worked example for this pay was at hand, so the expected
 *   figures are computed here by hand from the published T4127 122nd-edition formula (option 1, chapter 4:
 *   A, T3 with K1, K2, K4, T4 with K1P, K2P, Ontario surtax, tax reduction and health premium), the
 *   steps written out beside each assertion.
 * - QPP / Québec EI 2026: T4127 122nd edition Tables 8.3, 8.4, 8.6, 8.7 (PDF p. 33–34); QPIP 2026: TP-1015.F
 *   (2026-01) p. 7; each times the pay, the same formula as CPP.
 * - 2026 tables: the CRA's T4127 Tables 8.1–8.7, January (122nd ed. p. 32–34) and July (123rd ed. p. 11–12)
 *   editions, written in the test below (the PDFs in ../shared/standards/).
 * - Québec income tax, and every other worked example the publishers print: publishers-examples.test.ts.
 * - The pay in which a maximum is reached (issue 68 item 7): T4127 122nd ed. p. 12, 15, below.
 * - The CRA's Payroll Deductions Online Calculator (PDOC), 2026 and 2025: 52 results to the cent for every
 *   province and territory but Québec — income levels, CPP/EI boundaries, exemptions, years to date, RRSP and union
 *   dues, every pay frequency (the PDOC section below names the record of each).
 * - QPP and QPIP 2026: two worked answers to the National Payroll Institute's PF1 questions (as published on
 *   examsvce.com and certsforce.com, citing Revenu Québec's 2026 rates); Québec is outside the PDOC.
 * - Annual maximums 2026: CPP $4,230.45 = (74,600 − 3,500) × 5.95 %, CPP2 $416.00 = (85,000 − 74,600) × 4 %,
 *   EI $1,123.07 = 68,900 × 1.63 % (T4127 122nd edition chapter 8; DOMAIN-NOTES gives the 2025 counterparts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, mul, sub, type Decimal } from '@erp/shared/decimal';
import { startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { basicPersonal, computePay, loadTables, pensionMonths, rateOf, type PayInput, type PayTables } from '../server/deductions.ts';
import { bracketConstants, EDITIONS, editionTables, seedTables, T4127_120, T4127_122, T4127_123, TP1015_2026 } from '../server/tables.ts';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { isTemporarySin, isValidSin, maskSin } from '../definitions/sin.ts';
import { PROVINCES } from '../definitions/common.ts';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const tablesOn = (date: string, province: string): Promise<PayTables> =>
  db().transaction().execute((trx: never) => loadTables(trx, date, province === 'QC' ? ['CA', 'QC'] : ['CA', province]));

const ZERO_YTD = { pension: '0.00', pension2: '0.00', pensionable: '0.00', ei: '0.00', qpip: '0.00', employerQpip: '0.00', wsibInsurable: '0.00' };

function pay(pay: string, extra: Partial<PayInput> = {}): PayInput {
  return {
    province: 'ON',
    periods: 26,
    taxable: pay,
    pensionable: pay,
    insurable: pay,
    hours: '80.0000',
    rpp: '0.00',
    unionDues: '0.00',
    federalClaim: null,
    provincialClaim: null,
    additionalTax: '0.00',
    cppExempt: false,
    eiExempt: false,
    ppipExempt: false,
    wsib: null,
    ytd: ZERO_YTD,
    ...extra,
  };
}

describe('SIN (§5, §9; DOMAIN-NOTES §1.1 test vectors)', () => {
  it('accepts the valid vectors and refuses the invalid ones', () => {
    for (const sin of ['046454286', '130692544', '123456782', '999999998', '046 454 286', '046-454-286']) expect(isValidSin(sin), sin).toBe(true);
    for (const sin of ['046454287', '000000000', '12345678', '1234567890', 'ABCDEFGHI', '']) expect(isValidSin(sin), sin).toBe(false);
    expect(isTemporarySin('999999998')).toBe(true);
    expect(isTemporarySin('046454286')).toBe(false);
    expect(maskSin('046454286')).toBe('***-***-286');
  });
});

describe('bracket constants (T4127: Kᵢ = Kᵢ₋₁ + (Rᵢ − Rᵢ₋₁) × thresholdᵢ)', () => {
  it('gives the published 2026 federal constants 0, 3,804, 10,241, 15,685, 26,024', () => {
    expect(bracketConstants([['0', '0.14'], ['58523', '0.205'], ['117045', '0.26'], ['181440', '0.29'], ['258482', '0.33']])).toEqual(['0', '3804', '10241', '15685', '26024']);
  });
});

describe('the tables in force on the pay date', () => {
  it('2025: CPP $140.74 on $2,500 bi-weekly (DOMAIN-NOTES §1.3), EI $41.00, employer EI $57.40', async () => {
    const result = computePay(await tablesOn('2025-03-14', 'ON'), pay('2500.00'));
    expect(result.cpp).toBe('140.74');
    expect(result.cpp2).toBe('0.00');
    expect(result.ei).toBe('41.00');
    expect(result.employerEi).toBe('57.40');
    expect(result.employerCpp).toBe('140.74');
  });

  it('picks the July 2025 federal edition after July 1 (lowest rate 14 %) and the January one before', async () => {
    expect((await tablesOn('2025-06-27', 'ON')).edition).toBe('2025-01-01');
    expect((await tablesOn('2025-07-11', 'ON')).edition).toBe('2025-07-01');
    const june = computePay(await tablesOn('2025-06-27', 'ON'), pay('2500.00'));
    const july = computePay(await tablesOn('2025-07-11', 'ON'), pay('2500.00'));
    expect(july.cpp).toBe(june.cpp);
    expect(Number(july.federalTax)).toBeLessThan(Number(june.federalTax));
  });

  it('2026 Ontario, $2,500 bi-weekly, basic claims: CPP, EI, federal and Ontario tax to the cent', async () => {
    const result = computePay(await tablesOn('2026-03-13', 'ON'), pay('2500.00'));
    // C = 0.0595 × (2,500 − 3,500/26 → 134.61) = 140.740705 → 140.74; EI = 2,500 × 1.63 % = 40.75.
    expect(result.cpp).toBe('140.74');
    expect(result.ei).toBe('40.75');
    expect(result.employerEi).toBe('57.05');
    // F5 = 140.74 × 0.01/0.0595 = 23.65; A = 26 × (2,500 − 23.65) = 64,385.10.
    expect(result.annual.a).toBe('64385.10');
    // T3 = 0.205 × 64,385.10 − 3,804 − 0.14 × 16,452 − 0.14 × (min(26 × (140.74 × 0.0495/0.0595), 3,519.45)
    //      + min(26 × 40.75, 1,123.07)) − min(0.14 × A, 0.14 × 1,501), each parenthesis rounded to the cent as it is
    //      resolved (T4127 p. 43's note; its bonus examples p. 18–19): 140.74 × 0.0495/0.0595 = 117.09, × 26 = 3,044.34;
    //    = 13,198.9455 − 3,804 − 2,303.28 − 0.14 × (3,044.34 + 1,059.50 = 4,103.84 → 574.54) − 210.14 = 6,306.99.
    expect(result.annual.t1).toBe('6306.99');
    // T4 = 0.0915 × 64,385.10 − 2,210 − 655.94 (0.0505 × 12,989) − 207.24 (0.0505 × 4,103.84) = 2,818.06; no surtax
    // (< 5,818), no tax reduction (2 × 300 < T4); health premium min(600, 450 + 25 % × (A − 48,000)) = 600 → 3,418.06.
    expect(result.annual.t2).toBe('3418.06');
    // Per pay, each part rounded to the cent: federal 6,306.99 / 26 = 242.58; Ontario 3,418.06 / 26 = 131.46.
    expect(result.federalTax).toBe('242.58');
    expect(result.provincialTax).toBe('131.46');
    expect(add(result.federalTax, result.provincialTax)).toBe('374.04');
  });

  it('2026 Québec: the National Payroll Institute’s PF1 worked answers (QPP on $5,300 bi-weekly; QPIP on $1,229 weekly)', async () => {
    // Elodie, salary 1,000 + commissions 4,300 bi-weekly: (5,300 − 134.62) × 6.30 % = 325.41894 → 325.42 (the answer
    // rounds the exemption; the CRA's truncation, 134.61, gives 325.4196 → the same cent).
    const elodie = computePay(await tablesOn('2026-03-13', 'QC'), pay('5300.00', { province: 'QC' }));
    expect(elodie.qpp).toBe('325.42');
    // Evangeline, 1,075 + overtime 154 weekly: 1,229 × 0.430 % = 5.2847 → 5.28.
    const evangeline = computePay(await tablesOn('2026-03-13', 'QC'), pay('1229.00', { province: 'QC', periods: 52 }));
    expect(evangeline.qpip).toBe('5.28');
  });

  it('2026 Québec: QPP 6.30 %, Québec EI 1.30 %, QPIP 0.430 % / 0.602 %, no CPP', async () => {
    const result = computePay(await tablesOn('2026-03-13', 'QC'), pay('2500.00', { province: 'QC' }));
    // QPP = 0.063 × (2,500 − 134.61) = 149.01957 → 149.02.
    expect(result.qpp).toBe('149.02');
    expect(result.cpp).toBe('0.00');
    expect(result.ei).toBe('32.50');
    // QPIP 2026: 2,500 × 0.430 % = 10.75; employer 2,500 × 0.602 % = 15.05 (TP-1015.F (2026-01) p. 7).
    expect(result.qpip).toBe('10.75');
    expect(result.employerQpip).toBe('15.05');
    expect(Number(result.federalTax)).toBeGreaterThan(0);
    expect(Number(result.provincialTax)).toBeGreaterThan(0);
  });

  it('a pay date before every table is refused, naming what is missing', async () => {
    expect(() => computePay({ date: '2020-01-03', edition: '', rates: new Map(), brackets: new Map() }, pay('1000.00'))).toThrow(/no PENSION_RATE for CA/);
  });
});

/**
 * The CRA's Payroll Deductions Online Calculator (PDOC): its results for the T4127 122nd edition (January 2026) and
 * the 120th and 121st (January and July 2025), as recorded in the public repository beanflowai/Beanflow-Payroll,
 * backend/tests/payroll/pdoc/fixtures/<year>/<edition>/tier*.json (cases marked "VERIFIED", collected 2025-12-29/30;
 * the file and case id are written beside each row), and four more recorded by a second party (asterling/T4127-Engine,
 * README.md). The CRA publishes no worked examples in T4127 itself (it holds the formulas); the PDOC is its own
 * calculation of them. Québec is outside the PDOC.
 *
 * Every province and territory, 2026-01-16, $2,307.69 bi-weekly ($60,000 a year), basic claims, no YTD
 * (2026/jan/tier1_province_coverage.json): CPP 129.30, EI 37.62, federal tax 205.32 everywhere, provincial tax per
 * row. Common steps (option 1): C = 0.0595 × (2,307.69 − 134.61) = 129.30; EI = 37.62;
 * F5 = 129.30 × 0.01/0.0595 = 21.73; A = 26 × (2,307.69 − 21.73) = 59,434.96; credits base
 * = min(26 × 129.30 × 0.0495/0.0595, 3,519.45) + min(26 × 37.62, 1,123.07) = 2,796.79 + 978.12 = 3,774.91.
 * Federal T3 = 0.205 × A − 3,804 − 0.14 × 16,452 − 0.14 × 3,774.91 − 0.14 × 1,501 = 5,338.26 → 205.32.
 */
const PDOC_2026: [province: string, provincial: string, steps: string][] = [
  ['AB', '101.20', 'T4 = 0.08 × A − 0.08 × 22,769 − 0.08 × 3,774.91 = 2,631.29 (K5P 0: K1P + K2P < 4,896)'],
  ['BC', '91.80', 'T4 = 0.077 × A − 1,330 − 0.0506 × 13,216 − 0.0506 × 3,774.91 = 2,386.75; no reduction (A > 41,722)'],
  ['MB', '174.96', 'T4 = 0.1275 × A − 917 − 0.108 × 15,780 − 0.108 × 3,774.91 = 4,549.03'],
  ['SK', '146.23', 'T4 = 0.125 × A − 1,091 − 0.105 × 20,381 − 0.105 × 3,774.91 = 3,802.00'],
  ['NB', '164.41', 'T4 = 0.14 × A − 2,407 − 0.094 × 13,664 − 0.094 × 3,774.91 = 4,274.63'],
  ['NL', '181.74', 'T4 = 0.145 × A − 2,591 − 0.087 × 11,188 − 0.087 × 3,774.91 = 4,725.30'],
  ['NS', '215.23', 'T4 = 0.1495 × A − 1,909 − 0.0879 × 11,932 − 0.0879 × 3,774.91 = 5,595.89'],
  ['PE', '187.51', 'T4 = 0.1347 × A − 1,347 − 0.095 × 15,000 − 0.095 × 3,774.91 = 4,875.27'],
  ['NT', '91.69', 'T4 = 0.086 × A − 1,431 − 0.059 × 18,198 − 0.059 × 3,774.91 = 2,384.01'],
  ['NU', '59.58', 'T4 = 0.07 × A − 1,674 − 0.04 × 19,659 − 0.04 × 3,774.91 = 1,549.09'],
  ['YT', '93.71', 'T4 = 0.09 × A − 1,522 − 0.064 × 16,452 − 0.064 × 3,774.91 − 0.064 × 1,501 (K4P) = 2,436.56'],
  ['ON', '114.68', 'T4 = 0.0915 × A − 2,210 − 0.0505 × 12,989 − 0.0505 × 3,774.91 = 2,381.73; health premium 600'],
];

describe('2026: every province and territory against the CRA PDOC ($2,307.69 bi-weekly, basic claims)', () => {
  it('covers all 13: the 12 below by the PDOC, Québec by Revenu Québec’s TP-1015.F-V appendices (further down)', () => {
    expect(PDOC_2026.map(([province]) => province).sort()).toEqual(PROVINCES.filter((province) => province !== 'QC').sort());
  });
  for (const [province, provincial, steps] of PDOC_2026) {
    it(`${province}: federal 205.32, provincial ${provincial} (${steps})`, async () => {
      const result = computePay(await tablesOn('2026-01-16', province), pay('2307.69', { province }));
      expect(result.cpp).toBe('129.30');
      expect(result.ei).toBe('37.62');
      expect(result.annual.a).toBe('59434.96');
      expect(result.annual.t1).toBe('5338.26');
      expect(result.federalTax).toBe('205.32');
      expect(result.provincialTax).toBe(provincial);
    });
  }
});

interface PdocCase {
  /** The record: a Beanflow-Payroll fixture file (under …/fixtures/) and case id, or the T4127-Engine README row. */
  source: string;
  date: string;
  province: string;
  periods: number;
  pay: string;
  /** TD1 claims; omitted: claim code 1 (the maximum BPAF) and the province's basic amount (the PDOC's default). */
  claims?: [federal: string, provincial: string];
  input?: Partial<PayInput>;
  ytd?: Partial<PayInput['ytd']>;
  /** CPP, CPP2, EI, federal tax, provincial tax of the pay. */
  expected: [cpp: string, cpp2: string, ei: string, federal: string, provincial: string];
}

const PDOC_CASES: PdocCase[] = [
  // Low incomes (dynamic basic amounts, BC's reduction, under Ontario's health premium) and high ones (every
  // federal bracket, Ontario's two surtax tiers, the upper brackets of AB, MB, NS).
  { source: '2026/jan/tier2_income_levels ON_30K_BIWEEKLY', date: '2026-01-16', province: 'ON', periods: 26, pay: '1153.85', expected: ['60.64', '0.00', '18.81', '53.75', '40.57'] },
  { source: '2026/jan/tier2_income_levels BC_30K_BIWEEKLY', date: '2026-01-16', province: 'BC', periods: 26, pay: '1153.85', expected: ['60.64', '0.00', '18.81', '53.75', '12.23'] },
  { source: '2026/jan/tier2_income_levels MB_30K_BIWEEKLY', date: '2026-01-16', province: 'MB', periods: 26, pay: '1153.85', expected: ['60.64', '0.00', '18.81', '53.75', '50.49'] },
  { source: '2026/jan/tier2_income_levels NS_30K_BIWEEKLY', date: '2026-01-16', province: 'NS', periods: 26, pay: '1153.85', expected: ['60.64', '0.00', '18.81', '53.75', '54.10'] },
  { source: '2026/jan/tier2_income_levels ON_120K_MONTHLY', date: '2026-01-16', province: 'ON', periods: 12, pay: '10000.00', expected: ['577.65', '0.00', '163.00', '1457.73', '781.58'] },
  { source: '2026/jan/tier2_income_levels AB_120K_MONTHLY', date: '2026-01-16', province: 'AB', periods: 12, pay: '10000.00', expected: ['577.65', '0.00', '163.00', '1457.73', '705.55'] },
  { source: '2026/jan/tier2_income_levels BC_120K_MONTHLY', date: '2026-01-16', province: 'BC', periods: 12, pay: '10000.00', expected: ['577.65', '0.00', '163.00', '1457.73', '623.43'] },
  { source: '2026/jan/tier2_income_levels MB_120K_MONTHLY', date: '2026-01-16', province: 'MB', periods: 12, pay: '10000.00', expected: ['577.65', '0.00', '163.00', '1457.73', '1075.39'] },
  { source: '2026/jan/tier2_income_levels NS_120K_MONTHLY', date: '2026-01-16', province: 'NS', periods: 12, pay: '10000.00', expected: ['577.65', '0.00', '163.00', '1457.73', '1296.27'] },
  { source: '2026/jan/tier2_income_levels ON_150K_MONTHLY', date: '2026-01-16', province: 'ON', periods: 12, pay: '12500.00', expected: ['726.40', '0.00', '203.75', '2101.23', '1212.47'] },
  { source: '2026/jan/tier2_income_levels ON_200K_MONTHLY', date: '2026-01-16', province: 'ON', periods: 12, pay: '16666.67', expected: ['974.31', '0.00', '271.67', '3215.15', '1993.06'] },
  { source: '2026/jan/tier2_income_levels AB_200K_MONTHLY', date: '2026-01-16', province: 'AB', periods: 12, pay: '16666.67', expected: ['974.31', '0.00', '271.67', '3215.15', '1449.30'] },
  // The CPP and EI boundaries, the exemptions, and a year to date near the maximums (K2 then takes the year to date).
  { source: '2026/jan/tier3_cpp_ei_boundary BELOW_CPP_EXEMPTION', date: '2026-01-16', province: 'ON', periods: 26, pay: '100.00', expected: ['0.00', '0.00', '1.63', '0.00', '0.00'] },
  { source: '2026/jan/tier3_cpp_ei_boundary AT_YMPE_BOUNDARY', date: '2026-01-16', province: 'ON', periods: 26, pay: '2869.23', expected: ['162.71', '0.00', '46.77', '314.61', '169.63'] },
  { source: '2026/jan/tier3_cpp_ei_boundary ABOVE_YMPE_CPP2', date: '2026-01-16', province: 'ON', periods: 26, pay: '3076.92', expected: ['175.07', '0.00', '50.15', '356.76', '188.45'] },
  { source: '2026/jan/tier3_cpp_ei_boundary AT_YAMPE_BOUNDARY', date: '2026-01-16', province: 'ON', periods: 26, pay: '3269.23', expected: ['186.51', '0.00', '53.29', '395.79', '205.87'] },
  { source: '2026/jan/tier3_cpp_ei_boundary AT_EI_MIE', date: '2026-01-16', province: 'ON', periods: 26, pay: '2650.00', expected: ['149.67', '0.00', '43.20', '271.64', '144.55'] },
  { source: '2026/jan/tier3_cpp_ei_boundary CPP_EXEMPT', date: '2026-01-16', province: 'ON', periods: 26, pay: '2307.69', input: { cppExempt: true }, expected: ['0.00', '0.00', '37.62', '224.83', '122.10'] },
  { source: '2026/jan/tier3_cpp_ei_boundary EI_EXEMPT', date: '2026-01-16', province: 'ON', periods: 26, pay: '2307.69', input: { eiExempt: true }, expected: ['129.30', '0.00', '0.00', '210.58', '116.58'] },
  {
    source: '2026/jan/tier3_cpp_ei_boundary YTD_NEAR_CPP_MAX',
    date: '2026-11-27',
    province: 'ON',
    periods: 26,
    pay: '2307.69',
    ytd: { pension: '4100.00', pensionable: '68907.57', ei: '1123.07' },
    // K2 = 0.14 × (4,100 × 0.0495/0.0595 + 1,123.07): the year to date, more than this pay annualized.
    expected: ['129.30', '0.00', '0.00', '201.23', '113.21'],
  },
  // RRSP and union dues at source, every pay frequency, a taxable benefit, claims above the income.
  { source: '2026/jan/tier4_special_conditions WITH_RRSP', date: '2026-01-16', province: 'ON', periods: 26, pay: '2307.69', input: { rpp: '200.00' }, expected: ['129.30', '0.00', '37.62', '175.04', '96.38'] },
  { source: '2026/jan/tier4_special_conditions WITH_UNION_DUES', date: '2026-01-16', province: 'ON', periods: 26, pay: '2307.69', input: { unionDues: '50.00' }, expected: ['129.30', '0.00', '37.62', '196.04', '110.11'] },
  { source: '2026/jan/tier4_special_conditions COMBINED_DEDUCTIONS', date: '2026-01-16', province: 'ON', periods: 26, pay: '2307.69', input: { rpp: '200.00', unionDues: '50.00' }, expected: ['129.30', '0.00', '37.62', '168.04', '93.33'] },
  { source: '2026/jan/tier4_special_conditions WEEKLY_PAY', date: '2026-01-16', province: 'ON', periods: 52, pay: '1153.85', expected: ['64.65', '0.00', '18.81', '102.66', '57.34'] },
  { source: '2026/jan/tier4_special_conditions SEMI_MONTHLY_PAY', date: '2026-01-16', province: 'ON', periods: 24, pay: '2500.00', expected: ['140.07', '0.00', '40.75', '222.43', '124.24'] },
  { source: '2026/jan/tier4_special_conditions MONTHLY_PAY', date: '2026-01-16', province: 'ON', periods: 12, pay: '5000.00', expected: ['280.15', '0.00', '81.50', '444.86', '248.48'] },
  { source: '2026/jan/tier4_special_conditions WITH_TAXABLE_BENEFITS (2,307.69 + 100.00)', date: '2026-01-16', province: 'ON', periods: 26, pay: '2407.69', expected: ['135.25', '0.00', '39.25', '224.69', '123.41'] },
  { source: '2026/jan/tier4_special_conditions AB_HIGH_EXEMPTION_K5P', date: '2026-01-16', province: 'AB', periods: 26, pay: '2307.69', claims: ['65000.00', '65000.00'], expected: ['129.30', '0.00', '37.62', '0.00', '0.00'] },
  // Weekly and monthly Ontario pays up to $260,000 a year: the PDOC as recorded by a second party, asterling/T4127-Engine,
  // README.md "PDOC penny-for-penny match" (CPP and EI are this test's own: 0.0595 × (pay − exemption), 1.63 %).
  { source: 'T4127-Engine README $1,000/wk ON', date: '2026-01-16', province: 'ON', periods: 52, pay: '1000.00', expected: ['55.50', '0.00', '16.30', '81.61', '45.80'] },
  { source: 'T4127-Engine README $3,000/wk ON', date: '2026-01-16', province: 'ON', periods: 52, pay: '3000.00', expected: ['174.50', '0.00', '48.90', '514.60', '301.03'] },
  { source: 'T4127-Engine README $5,000/wk ON', date: '2026-01-16', province: 'ON', periods: 52, pay: '5000.00', expected: ['293.50', '0.00', '81.50', '1073.23', '690.74'] },
  { source: 'T4127-Engine README $20,000/mo ON', date: '2026-01-16', province: 'ON', periods: 12, pay: '20000.00', expected: ['1172.65', '0.00', '326.00', '4172.15', '2654.48'] },
  // The January 2025 edition (120th: lowest federal rate 15 %; the pension and EI figures are DOMAIN-NOTES').
  { source: '2025/jan/tier3_cpp_ei_boundary ON_72K_BIWEEKLY', date: '2025-01-17', province: 'ON', periods: 26, pay: '2769.23', expected: ['156.76', '0.00', '45.42', '313.79', '157.30'] },
  { source: '2025/jan/tier3_cpp_ei_boundary ON_82K_BIWEEKLY', date: '2025-01-17', province: 'ON', periods: 26, pay: '3153.85', expected: ['179.64', '0.00', '51.72', '391.85', '197.91'] },
  { source: '2025/jan/tier3_cpp_ei_boundary ON_66K_BIWEEKLY', date: '2025-01-17', province: 'ON', periods: 26, pay: '2538.46', expected: ['143.03', '0.00', '41.63', '268.47', '136.90'] },
  // The July 2025 edition (121st: lowest federal rate 14 %), with the years to date of late 2025.
  { source: '2025/jul/tier3_cpp_ei_boundary ON_72K_BIWEEKLY', date: '2025-07-18', province: 'ON', periods: 26, pay: '2769.23', expected: ['156.76', '0.00', '45.42', '300.23', '157.30'] },
  { source: '2025/jul/tier3_cpp_ei_boundary ON_82K_BIWEEKLY', date: '2025-07-18', province: 'ON', periods: 26, pay: '3153.85', expected: ['179.64', '0.00', '51.72', '378.29', '197.91'] },
  { source: '2025/jul/tier3_cpp_ei_boundary ON_66K_BIWEEKLY', date: '2025-07-18', province: 'ON', periods: 26, pay: '2538.46', expected: ['143.03', '0.00', '41.63', '254.80', '136.90'] },
  {
    source: '2025/jul/tier3_cpp_ei_boundary ON_80K_CPP_REACHES_MAX_K2',
    date: '2025-11-14',
    province: 'ON',
    periods: 26,
    pay: '3076.92',
    ytd: { pension: '3900.00', pensionable: '66000.00', ei: '1000.00' },
    // CPP 134.10 reaches the maximum 4,034.10 in this pay: T4127's note to K2 (122nd ed. p. 15; issue 68 item 7)
    // credits the maximum base 3,356.10, not the year to date 3,900 × 0.0495/0.0595 = 3,244.54. The record's tax
    // (364.68 / 191.78) credits the year to date; its inputs are not the PDOC's own (its note: "PDOC used
    // ytd_insurable_earnings=65700"), and the PDOC's PM-10 case below credits the maximum in the same position.
    expected: ['134.10', '0.00', '50.46', '364.08', '191.57'],
  },
  {
    source: '2025/jul/tier3_cpp_ei_boundary ON_100K_ALL_MAXED',
    date: '2025-12-12',
    province: 'ON',
    periods: 26,
    pay: '3846.15',
    ytd: { pension: '4034.10', pension2: '396.00', pensionable: '81200.00', ei: '1077.48' },
    // T2 = 6,945.2459 rounds to 6,945.25 as a whole → 267.13 (T4 rounded on its way would give 267.12).
    expected: ['0.00', '0.00', '0.00', '526.40', '267.13'],
  },
];

describe('the CRA PDOC: income levels, boundaries, exemptions, years to date, deductions at source, pay frequencies', () => {
  for (const c of PDOC_CASES) {
    it(`${c.source}: ${c.expected.join(' / ')}`, async () => {
      // The PDOC's claim code 1 is the maximum BPAF (T4127 122nd ed. Table 8.9 p. 35: TC 16,452; 2025: 16,129), as its
      // records enter it — not the BPAF formula (p. 10) the engine applies without a TD1 amount, which reduces it
      // over NI 181,440 (the $200,000 cases below).
      const [federalClaim, provincialClaim] = c.claims ?? [c.date < '2026' ? '16129.00' : '16452.00', null];
      const input = pay(c.pay, { province: c.province, periods: c.periods, federalClaim, provincialClaim, ytd: { ...ZERO_YTD, ...c.ytd }, ...c.input });
      const result = computePay(await tablesOn(c.date, c.province), input);
      expect([result.cpp, result.cpp2, result.ei, result.federalTax, result.provincialTax]).toEqual(c.expected);
    });
  }
});

/**
 * Non-periodic payments (a bonus, retroactive pay) by T4127's bonus method: the periodic pay annualized as usual
 * (its A less F5A, K2 on the periodic contributions), plus the year's tax with the payment (A + B − F5B, K2 with
 * its CPP and EI added) less the year's tax without it. The PDOC's results recorded in Beanflow-Payroll's
 * 2026/jan/tier4_bonus.json (2026-01-16, bi-weekly, "VERIFIED"): CPP, CPP2, EI, the periodic pay's tax and
 * the bonus's federal and provincial tax. Alberta's and British Columbia's hold to the cent (British Columbia's
 * periodic provincial tax since the engine rounds each parenthesis as T4127 p. 43 says); Ontario's bonus tax is
 * within two cents (written beside it) — the recorded inputs do not say how the PDOC rounds the
 * enhanced contributions it splits between salary and bonus.
 */
interface BonusCase {
  source: string;
  province: string;
  salary: string;
  bonus: string;
  claims: [string, string];
  ytd: Partial<PayInput['ytd']>;
  /** CPP, CPP2, EI, periodic federal and provincial tax, the bonus's federal and provincial tax. */
  expected: [string, string, string, string, string, string, string];
  /** The figures (by index) the engine gives within two cents of the PDOC, not to the cent. */
  near?: number[];
}
const BONUS_CASES: BonusCase[] = [
  {
    source: 'AB_BONUS_5K: $5,000 with $1,923.08',
    province: 'AB',
    salary: '1923.08',
    bonus: '5000.00',
    claims: ['16452.00', '22769.00'],
    ytd: { pension: '2600.00', pensionable: '50000.00', ei: '710.00' },
    expected: ['403.91', '0.00', '112.85', '153.14', '72.69', '647.08', '369.76'],
  },
  {
    // The year to date holds earnings above the YMPE and no CPP2: T4127's C2 bounds it by the maximum only.
    source: 'BC_BONUS_60K: $60,000 with $2,935.88',
    province: 'BC',
    salary: '2935.88',
    bonus: '60000.00',
    claims: ['16452.00', '13521.00'],
    ytd: { pension: '3118.50', pensionable: '76333.00', ei: '854.00' },
    expected: ['1111.95', '416.00', '269.07', '328.12', '137.40', '13171.66', '5883.48'],
  },
  {
    source: 'ON_BONUS_10K: $10,000 with $2,307.69',
    province: 'ON',
    salary: '2307.69',
    bonus: '10000.00',
    claims: ['16452.00', '12989.00'],
    ytd: { pension: '3118.50', pensionable: '60000.00', ei: '854.00' },
    expected: ['724.30', '0.00', '200.62', '205.09', '114.58', '1940.11', '873.62'],
    near: [5, 6],
  },
];

describe('non-periodic payments: T4127’s bonus method against the CRA PDOC', () => {
  for (const c of BONUS_CASES) {
    it(`${c.province} ${c.source}`, async () => {
      const gross = add(c.salary, c.bonus);
      const input = pay(gross, { province: c.province, federalClaim: c.claims[0], provincialClaim: c.claims[1], nonPeriodic: { taxable: c.bonus, pensionable: c.bonus, insurable: c.bonus }, ytd: { ...ZERO_YTD, ...c.ytd } });
      const result = computePay(await tablesOn('2026-01-16', c.province), input);
      const onBonus = result.annual.nonPeriodic!;
      const got = [result.cpp, result.cpp2, result.ei, sub(result.federalTax, onBonus.federal), sub(result.provincialTax, onBonus.provincial), onBonus.federal, onBonus.provincial];
      got.forEach((figure, index) => {
        const cents = (amount: string | undefined) => Math.round(Number(amount) * 100);
        if (c.near?.includes(index)) expect(Math.abs(cents(figure) - cents(c.expected[index])), `${index}: ${figure}`).toBeLessThanOrEqual(2);
        else expect(figure, String(index)).toBe(c.expected[index]);
      });
    });
  }

  it('a later bonus of the year is taxed at the margin its predecessors reached (B1), and none annualizes', async () => {
    const tables = await tablesOn('2026-06-05', 'ON');
    const periodic = computePay(tables, pay('2307.69'));
    const first = computePay(tables, pay('12307.69', { nonPeriodic: { taxable: '10000.00', pensionable: '10000.00', insurable: '10000.00' } }));
    // The periodic part is the pay without the bonus but for F5A (its share of the enhanced CPP): within cents.
    expect(Math.abs(Number(sub(first.federalTax, first.annual.nonPeriodic!.federal)) - Number(periodic.federalTax))).toBeLessThan(0.5);
    // Annualized, the same pay would withhold several times the bonus method's tax.
    const annualized = computePay(tables, pay('12307.69'));
    expect(Number(annualized.federalTax)).toBeGreaterThan(Number(first.federalTax) * 1.2);
    // With $60,000 of earlier bonus income (B1), the same bonus crosses into the 26 % bracket: more tax on it.
    const later = computePay(tables, pay('12307.69', { nonPeriodic: { taxable: '10000.00', pensionable: '10000.00', insurable: '10000.00' }, ytd: { ...ZERO_YTD, nonPeriodic: '60000.00' } }));
    expect(Number(later.annual.nonPeriodic!.federal)).toBeGreaterThan(Number(first.annual.nonPeriodic!.federal));
  });
});

describe('the months the pension plan requires contributions for (PM: turning 18 or 70 in the year)', () => {
  it('counts from the month after the 18th birthday through the month of the 70th (CPP); QPP has no end age', async () => {
    const on = await tablesOn('2026-03-13', 'ON');
    const qc = await tablesOn('2026-03-13', 'QC');
    // 18 in March 2026: April to December (9 months); a March pay does not contribute, an April one does.
    expect(pensionMonths(on, 'CA', '2008-03-20', '2026-03-27')).toEqual({ months: 9, contributes: false });
    expect(pensionMonths(on, 'CA', '2008-03-20', '2026-04-10')).toEqual({ months: 9, contributes: true });
    // 70 in May 2026: January to May; a June pay does not contribute. Over 70 all year: none; under 18: none.
    expect(pensionMonths(on, 'CA', '1956-05-02', '2026-05-29')).toEqual({ months: 5, contributes: true });
    expect(pensionMonths(on, 'CA', '1956-05-02', '2026-06-12')).toEqual({ months: 5, contributes: false });
    expect(pensionMonths(on, 'CA', '1950-01-01', '2026-06-12')).toEqual({ months: 0, contributes: false });
    expect(pensionMonths(on, 'CA', '2010-01-01', '2026-06-12')).toEqual({ months: 0, contributes: false });
    expect(pensionMonths(on, 'CA', null, '2026-06-12')).toEqual({ months: 12, contributes: true });
    // Québec: from 18, no end age in the tables.
    expect(pensionMonths(qc, 'QC', '1956-05-02', '2026-06-12')).toEqual({ months: 12, contributes: true });
  });

  it('prorates the maximums and the YMPE by PM/12 (the CRA PDOC, July 2025 edition, PM 10)', async () => {
    const tables = await tablesOn('2025-11-14', 'ON');
    const at = (gross: string, ytd: Partial<PayInput['ytd']>) => computePay(tables, pay(gross, { pensionMonths: 10, federalClaim: '16129.00', provincialClaim: '12747.00', ytd: { ...ZERO_YTD, ...ytd } }));
    // 2025/jul/tier3_cpp_ei_boundary ON_70K_YTD_EI_NEAR_MAX: K2's CPP part capped at 3,356.10 × 10/12; EI 27.48
    // reaches the maximum 1,077.48 in this pay, credited whole (T4127 p. 15; issue 68 item 7) where the record
    // (287.77 / 151.47, inputs "adjusted for PDOC consistency") credits the year to date 1,050.00.
    const ei = at('2692.31', { pension: '2950.00', pensionable: '52496.00', ei: '1050.00' });
    expect([ei.cpp, ei.cpp2, ei.ei, ei.federalTax, ei.provincialTax]).toEqual(['152.18', '0.00', '27.48', '287.63', '151.41']);
    // ON_80K_YTD_CPP_NEAR_MAX: CPP stops at 4,034.10 × 10/12 = 3,361.75 (61.75 left); CPP2 starts above
    // 71,300 × 10/12 = 59,416.67, so the whole pay above the 60,000 to date: 4 % × 3,076.92 = 123.08. Its tax,
    // 344.36 / 182.50, is the PDOC crediting the prorated maximum 3,356.10 × 10/12 in the pay that reaches it —
    // T4127's note to K2 (p. 15), as the engine does.
    const cpp = at('3076.92', { pension: '3300.00', pensionable: '60000.00', ei: '900.00' });
    expect([cpp.cpp, cpp.cpp2, cpp.ei, cpp.federalTax, cpp.provincialTax]).toEqual(['61.75', '123.08', '50.46', '344.36', '182.50']);
  });
});

describe('2026 provincial specials, computed by hand from the T4127 formula', () => {
  // $1,400 bi-weekly: C = 0.0595 × (1,400 − 134.61) = 75.29; EI = 22.82; F5 = 12.65; A = 26 × 1,387.35 = 36,071.10;
  // credits base = 26 × (75.29 × 0.0495/0.0595 = 62.64) + 26 × 22.82 = 1,628.64 + 593.32 = 2,221.96 (each parenthesis
  // to the cent, T4127 p. 43). T3 = 0.14 × A − 2,303.28 − 311.07 (0.14 × 2,221.96) − 210.14 = 2,225.46 → 85.59.
  it('British Columbia, January edition: the tax reduction phased out on A (575 − 3.56 % × (A − 25,570))', async () => {
    const result = computePay(await tablesOn('2026-03-13', 'BC'), pay('1400.00', { province: 'BC' }));
    expect(result.annual.a).toBe('36071.10');
    expect(result.annual.t1).toBe('2225.46');
    // T4 = 0.0506 × 36,071.10 − 668.73 (0.0506 × 13,216) − 112.43 (0.0506 × 2,221.96) = 1,825.19766 − 781.16 = 1,044.04;
    // S = min(1,044.04, 575 − 0.0356 × 10,501.10 = 201.16) = 201.16; T2 = 842.88.
    expect(result.annual.t2).toBe('842.88');
    // Per pay, each part rounded: federal 2,225.46 / 26 = 85.59; BC 842.88 / 26 = 32.42.
    expect(result.federalTax).toBe('85.59');
    expect(result.provincialTax).toBe('32.42');
  });

  it('British Columbia from July 2026 (the 123rd edition: 6.14 % and a reduction of 805 for July–December)', async () => {
    const tables = await tablesOn('2026-07-10', 'BC');
    expect(tables.edition).toBe('2026-07-01');
    const result = computePay(tables, pay('1400.00', { province: 'BC' }));
    // T4 = 0.0614 × 36,071.10 − 811.46 (0.0614 × 13,216) − 136.43 (0.0614 × 2,221.96) = 2,214.76554 − 947.89
    //    = 1,266.87554; S = min(T4, 805 − 0.0356 × 10,501.10 = 431.16); T2 = 835.71554 → 835.72 → 32.14 a pay.
    expect(result.annual.t2).toBe('835.72');
    expect(result.provincialTax).toBe('32.14');
  });

  it('the July 2026 edition: Newfoundland and Labrador’s basic amount 15,000, Prince Edward Island’s 21 % bracket over 200,000', async () => {
    // NL, $2,307.69 bi-weekly (the PDOC case above, January: 181.74): T4 = 0.145 × 59,434.96 − 2,591 − 0.087 × 15,000
    // − 0.087 × 3,774.911597 = 4,393.651891 → 4,393.65 / 26 = 168.99.
    const nl = computePay(await tablesOn('2026-07-10', 'NL'), pay('2307.69', { province: 'NL' }));
    expect(nl.provincialTax).toBe('168.99');
    // PE, $20,000 monthly: C = 0.0595 × (20,000 − 291.66) = 1,172.65, EI 326.00, F5 = 197.08, A = 12 × 19,802.92
    // = 237,635.04; credits base = 3,519.45 (capped) + 1,123.07. June: 0.19 × A − 6,464 − 0.095 × 15,000 − 0.095 × base
    // = 36,820.62 → 3,068.39; July: 0.21 × A − 10,464 (6,464 + 0.02 × 200,000) − the same credits = 37,573.32 → 3,131.11.
    const june = computePay(await tablesOn('2026-06-26', 'PE'), pay('20000.00', { province: 'PE', periods: 12 }));
    const july = computePay(await tablesOn('2026-07-24', 'PE'), pay('20000.00', { province: 'PE', periods: 12 }));
    expect(june.annual.a).toBe('237635.04');
    expect([june.annual.t2, june.provincialTax]).toEqual(['36820.62', '3068.39']);
    expect([july.annual.t2, july.provincialTax]).toEqual(['37573.32', '3131.11']);
  });

  it('Manitoba 2025: indexed in January (47,564; 15,969), then frozen at 2024’s figures, prorated from July', async () => {
    // $2,307.69 bi-weekly: C 129.30, EI 2,307.69 × 1.64 % = 37.85, A = 59,434.96; credits base = 2,796.791597 + 984.10.
    // January: T4 = 0.1275 × A − 927 − 0.108 × 15,969 − 0.108 × 3,780.891597 = 4,517.969 → 4,517.97 / 26 = 173.77.
    const january = computePay(await tablesOn('2025-03-14', 'MB'), pay('2307.69', { province: 'MB' }));
    expect(january.provincialTax).toBe('173.77');
    // July: 0.1275 × A − 907 (0.0195 × 46,513) − 0.108 × 15,591 − 0.108 × 3,780.891597 = 4,578.793 → 176.11.
    const july = computePay(await tablesOn('2025-07-18', 'MB'), pay('2307.69', { province: 'MB' }));
    expect(july.provincialTax).toBe('176.11');
  });

  it('Alberta: the supplemental credit K5P = ((K1P + K2P) − 4,896) × 25 % (a $60,000 claim, $4,000 bi-weekly)', async () => {
    const result = computePay(await tablesOn('2026-03-13', 'AB'), pay('4000.00', { province: 'AB', provincialClaim: '60000.00' }));
    // C = 229.99, EI = 65.20, F5 = 38.65, A = 26 × 3,961.35 = 102,995.10; credits base = 3,519.45 (capped) + 1,123.07.
    expect(result.annual.a).toBe('102995.10');
    // K1P = 0.08 × 60,000 = 4,800; K2P = 0.08 × 4,642.52 = 371.40; K5P = 0.25 × (5,171.40 − 4,896) = 68.85 (each to
    // the cent, T4127 p. 43); T4 = 0.10 × 102,995.10 − 1,224 − 4,800 − 371.40 − 68.85 = 3,835.26.
    expect(result.annual.t2).toBe('3835.26');
  });

  it('Alberta: K5P’s 4,896 and 25 % are Table 8.1’s AB row (61,200 × 8 %; (10 % − 8 %) / 8 %), not figures of their own', async () => {
    const tables = await tablesOn('2026-03-13', 'AB');
    const [first, second] = tables.brackets.get('AB:Tax')!;
    expect(Number(rateOf(tables, 'AB', 'CREDIT_SUPPLEMENT_BASE'))).toBe(Number(first!.rate) * Number(second!.threshold));
    expect(Number(rateOf(tables, 'AB', 'CREDIT_SUPPLEMENT_RATE'))).toBeCloseTo((Number(second!.rate) - Number(first!.rate)) / Number(first!.rate), 10);
  });

  // Manitoba's BPAMB (T4127 from the 120th edition; Table 8.2 names it): with no TD1MB amount, the basic amount is
  // reduced on net income from 200,000 to nil at 400,000. $20,000 monthly: C = 0.0595 × (20,000 − 291.66) = 1,172.65,
  // EI 326.00, F5 = 197.08, A = 12 × 19,802.92 = 237,635.04; credits base = 3,519.45 (capped) + 1,123.07 = 4,642.52.
  it('Manitoba: the basic amount BPAMB reduced on net income over 200,000 (15,780 − 37,635.04 × 15,780 / 200,000 = 12,810.60)', async () => {
    const tables = await tablesOn('2026-01-30', 'MB');
    expect(basicPersonal(tables, 'MB', '150000.00')).toBe('15780.000000');
    expect(basicPersonal(tables, 'MB', '237635.04')).toBe('12810.60');
    expect(basicPersonal(tables, 'MB', '400000.00')).toBe('0.000000');
    const result = computePay(tables, pay('20000.00', { province: 'MB', periods: 12 }));
    expect(result.annual.a).toBe('237635.04');
    // T4 = 0.174 × 237,635.04 − 5,567 − 1,383.54 (0.108 × 12,810.60) − 501.39 (0.108 × 4,642.52) = 33,896.56696
    //    → 33,896.57 → 33,896.57 / 12 = 2,824.71.
    expect([result.annual.t2, result.provincialTax]).toEqual(['33896.57', '2824.71']);
    // A TD1MB amount stands as claimed: 15,780 → K1P 1,704.24 → T4 = 33,575.87 → 2,797.99.
    const claimed = computePay(tables, pay('20000.00', { province: 'MB', periods: 12, provincialClaim: '15780.00' }));
    expect([claimed.annual.t2, claimed.provincialTax]).toEqual(['33575.87', '2797.99']);
    // $40,000 monthly: C = 2,362.65, F5 = 397.08, A = 475,235.04 ≥ 400,000 → BPAMB = 0; T4 = 0.174 × A − 5,567
    // − 501.39 (0.108 × 4,642.52) = 76,622.5096 → 76,622.51 → 6,385.21.
    const high = computePay(tables, pay('40000.00', { province: 'MB', periods: 12 }));
    expect([high.annual.a, high.annual.t2, high.provincialTax]).toEqual(['475235.04', '76622.51', '6385.21']);
    // The federal basic amount is not reduced by Manitoba's rule: federal tax as Ontario's or any other province's.
    expect(result.federalTax).toBe(computePay(await tablesOn('2026-01-30', 'SK'), pay('20000.00', { province: 'SK', periods: 12 })).federalTax);
  });
});

describe('a full year of bi-weekly pays (2026, $3,600 a pay = $93,600)', () => {
  it('stops CPP, CPP2 and EI exactly at their annual maximums, then deducts none', async () => {
    const tables = await tablesOn('2026-06-05', 'ON');
    let ytd = { ...ZERO_YTD };
    const pays: { cpp: Decimal; cpp2: Decimal; ei: Decimal }[] = [];
    for (let n = 0; n < 26; n += 1) {
      const result = computePay(tables, pay('3600.00', { ytd }));
      pays.push({ cpp: result.cpp, cpp2: result.cpp2, ei: result.ei });
      ytd = { ...ytd, pension: add(ytd.pension, result.cpp), pension2: add(ytd.pension2, result.cpp2), pensionable: add(ytd.pensionable, '3600.00'), ei: add(ytd.ei, result.ei) };
    }
    expect(ytd.pension).toBe('4230.45');
    expect(ytd.pension2).toBe('416.00');
    expect(ytd.ei).toBe('1123.07');
    // CPP: 0.0595 × (3,600 − 134.61) = 206.19 a pay; 20 pays are 4,123.80, the 21st takes the last 106.65.
    expect(pays[0]!.cpp).toBe('206.19');
    expect(pays[20]!.cpp).toBe('106.65');
    expect(pays[21]!.cpp).toBe('0.00');
    // CPP2 starts with the pay that crosses the YMPE (74,600 / 3,600 → the 21st: 75,600 − 74,600 = 1,000 × 4 % = 40.00)
    // and stops at YAMPE 85,000 (the 24th pay: 86,400 → 4 % of 85,000 − 82,800 = 88.00).
    expect(pays[19]!.cpp2).toBe('0.00');
    expect(pays[20]!.cpp2).toBe('40.00');
    expect(pays[23]!.cpp2).toBe('88.00');
    expect(pays[24]!.cpp2).toBe('0.00');
    // EI: 3,600 × 1.63 % = 58.68 a pay; 19 pays are 1,114.92, the 20th takes the last 8.15.
    expect(pays[0]!.ei).toBe('58.68');
    expect(pays[19]!.ei).toBe('8.15');
    expect(pays[20]!.ei).toBe('0.00');
  });
});

/**
 * Issue 68 item 7: the pay in which a maximum is reached. T4127 122nd edition, glossary K2 and K2P (p. 12) and the
 * note to K2 / K2Q (p. 15): "in the period in which the employee contributions or premiums have reached the annual
 * maximum for CPP, EI or QPIP, and for the rest of the pay periods in the year, (P × C × (base rate/total
 * contribution rate)), (P × EI), or (P × IE × 0.0043) … is replaced by the employee's maximum annual base
 * contribution or premium" — not the year to date before that pay (the greater of P × C and D, p. 16, elsewhere).
 * The figures below follow the published formulas step by step (2026 tables: Table 8.1 p. 32, CPP/EI chapter 8).
 */
describe('the pay in which a maximum is reached credits the maximum (T4127 p. 12, 15; issue 68 item 7)', () => {
  /** A year of equal bi-weekly pays, each with the year to date of the ones before it. */
  const year = async (province: string, gross: string) => {
    const tables = await tablesOn('2026-06-05', province);
    let ytd = { ...ZERO_YTD };
    const pays = [];
    for (let n = 0; n < 26; n += 1) {
      const result = computePay(tables, pay(gross, { province, ytd }));
      pays.push(result);
      ytd = { ...ytd, pension: add(ytd.pension, add(result.cpp, result.qpp)), pension2: add(ytd.pension2, add(result.cpp2, result.qpp2)), pensionable: add(ytd.pensionable, gross), ei: add(ytd.ei, result.ei), qpip: add(ytd.qpip, result.qpip) };
    }
    return pays;
  };

  it('Ontario, $3,600 bi-weekly: EI reaches 1,123.07 in pay 20, CPP 4,230.45 in pay 21 — each credited whole from then on', async () => {
    const pays = await year('ON', '3600.00');
    // Pays 1–19: C = 206.19, EI = 58.68, F5 = 206.19 × 0.01/0.0595 = 34.65, A = 26 × (3,600 − 34.65) = 92,699.10;
    // K2 base = min(26 × 206.19 × 0.0495/0.0595, 3,519.45) + min(26 × 58.68, 1,123.07) = 3,519.45 + 1,123.07 = 4,642.52;
    // T3 = 0.205 × A − 3,804 − 0.14 × (16,452 + 4,642.52) − 0.14 × 1,501 = 12,035.94 → 462.92;
    // T4 = 0.0915 × A − 2,210 − 0.0505 × (12,989 + 4,642.52) = 5,381.58 (no surtax), V2 = 750 → T2 = 6,131.58 → 235.83.
    expect([pays[0]!.federalTax, pays[0]!.provincialTax]).toEqual(['462.92', '235.83']);
    // Pay 20: EI = 1,123.07 − 19 × 58.68 = 8.15 reaches the maximum. K2's EI part is the maximum 1,123.07 (T4127's
    // note), not the year to date 1,114.92 (which gave 462.96 / 235.85): the same tax as pays 1–19.
    expect([pays[19]!.ei, pays[19]!.federalTax, pays[19]!.provincialTax]).toEqual(['8.15', '462.92', '235.83']);
    // Pay 21: C = 4,230.45 − 20 × 206.19 = 106.65 reaches the maximum; C2 = 4 % × (75,600 − 74,600) = 40.00;
    // F5 = 106.65 × 0.01/0.0595 + 40 = 57.92; A = 26 × (3,600 − 57.92) = 92,094.08; K2's CPP part is the maximum base
    // 3,519.45 (not 4,123.80 × 0.0495/0.0595 = 3,430.71, which gave 458.63 / 233.87):
    // T3 = 0.205 × 92,094.08 − 3,804 − 0.14 × (16,452 + 4,642.52 + 1,501) = 11,911.91 → 458.15;
    // T4 = 0.0915 × 92,094.08 − 2,210 − 0.0505 × 17,631.52 = 5,326.22; V2 = 750 → T2 = 6,076.22 → 233.70.
    expect([pays[20]!.cpp, pays[20]!.cpp2, pays[20]!.federalTax, pays[20]!.provincialTax]).toEqual(['106.65', '40.00', '458.15', '233.70']);
    // Pays 22–26: no CPP or EI left, the maximums credited (the year to date now equals them): C2 144, 144, 88, 0, 0.
    expect(pays.slice(21).map((p) => [p.cpp2, p.federalTax, p.provincialTax])).toEqual([
      ['144.00', '440.50', '225.82'],
      ['144.00', '440.50', '225.82'],
      ['88.00', '451.98', '230.95'],
      ['0.00', '470.02', '239.00'],
      ['0.00', '470.02', '239.00'],
    ]);
  });

  it('Québec, $4,200 bi-weekly (K2Q): Québec EI in pay 17, QPP in pay 18, QPIP in pay 25 — each credited whole', async () => {
    const pays = await year('QC', '4200.00');
    // QPP = 0.063 × (4,200 − 134.61) = 256.12; EI = 1.30 % × 4,200 = 54.60; QPIP = 0.430 % × 4,200 = 18.06
    // (TP-1015.F 2026 p. 7, T4127 p. 15 K2Q). F5Q = 256.12 × 0.01/0.063 = 40.65; A = 26 × 4,159.35 = 108,143.10;
    // K2Q base = min(26 × 256.12 × 0.053/0.063, 3,768.30) + min(26 × 54.60, 895.70) + min(26 × 18.06, 442.90)
    //          = 3,768.30 + 895.70 + 442.90 = 5,106.90;
    // T3 = 0.205 × A − 3,804 − 0.14 × (16,452 + 5,106.90) − 0.14 × 1,501 = 15,136.95; T1 = T3 − 16.5 % (2,497.60) = 12,639.35 → 486.13.
    expect([pays[0]!.qpp, pays[0]!.ei, pays[0]!.qpip, pays[0]!.federalTax]).toEqual(['256.12', '54.60', '18.06', '486.13']);
    // Pay 17: EI = 895.70 − 16 × 54.60 = 22.10 reaches the maximum; credited 895.70, not 873.60 (486.23).
    expect([pays[16]!.ei, pays[16]!.federalTax]).toEqual(['22.10', '486.13']);
    // Pay 18: QPP = 4,479.30 − 17 × 256.12 = 125.26 reaches the maximum; QPP2 = 4 % × (75,600 − 74,600) = 40.00;
    // F5Q = 125.26 × 0.01/0.063 + 40 = 59.88; A = 26 × 4,140.12 = 107,643.12; credited 3,768.30, not
    // 4,354.04 × 0.053/0.063 = 3,662.92 (483.31): T3 = 0.205 × A − 3,804 − 0.14 × (16,452 + 5,106.90 + 1,501)
    // = 15,034.45, T1 = 15,034.45 − 2,480.68 = 12,553.77 → 482.84.
    expect([pays[17]!.qpp, pays[17]!.qpp2, pays[17]!.federalTax]).toEqual(['125.26', '40.00', '482.84']);
    // Pay 25: QPIP = 442.90 − 24 × 18.06 = 9.46 reaches the maximum; credited 442.90, not 433.44 (493.13): 493.09,
    // the tax of pays 22–26 (no contributions left: A = 109,200, T3 = 15,353.61, T1 = 15,353.61 − 2,533.35 = 12,820.26 → 493.09).
    expect([pays[24]!.qpip, pays[24]!.federalTax, pays[25]!.qpip, pays[25]!.federalTax]).toEqual(['9.46', '493.09', '0.00', '493.09']);
  });
});

describe('the statutory tables as seeded (server/tables.ts)', () => {
  const qpipRate = async () => rateOf(await tablesOn('2026-03-13', 'QC'), 'QC', 'QPIP_RATE');
  const older = (updatedBy: string) =>
    db()
      .updateTable('pr_statutory_rates')
      .set({ value: decimalToDb(db(), '0.005000', 6), source: 'an older load', updated_by: updatedBy })
      .where('jurisdiction', '=', 'QC')
      .where('effective_from', '=', '2026-01-01')
      .where('item', '=', 'QPIP_RATE')
      .execute();

  it('loads again an edition revised since (its source changed) while its rows are the seed’s; a user’s change stands', async () => {
    expect(await qpipRate()).toBe('0.004300');
    await older('seed');
    await seedTables(db());
    expect(await qpipRate()).toBe('0.004300');
    await older('admin');
    await seedTables(db());
    expect(await qpipRate()).toBe('0.005000');
    await older('seed');
    await seedTables(db());
    expect(await qpipRate()).toBe('0.004300');
  });
});

/**
 * Québec income tax 2025 and 2026: the brackets and basic amount of TP-1015.F (2025-01) p. 5 and (2026-01) p. 5
 * ("Seuils de revenu imposable, taux d'imposition et constantes"; "Montant personnel de base"); 2026's follow from
 * 2025's by the 2.05 % indexation the 2026 guide states (p. 5) — thresholds rounded to $5, the basic amount to $1 —
 * so a mistyped figure in either year fails here. Its worked examples: publishers-examples.test.ts.
 */
describe('Québec income tax brackets (Revenu Québec TP-1015.F p. 5, 2025 and 2026)', () => {
  const taxOf = async (date: string) => {
    const tables = await tablesOn(date, 'QC');
    const brackets = (tables.brackets.get('QC:Tax') ?? []).map((bracket) => [bracket.threshold, bracket.rate]);
    return { brackets, basic: rateOf(tables, 'QC', 'BASIC_PERSONAL') };
  };
  const nearest = (value: number, step: number) => Math.round(value / step) * step;

  it('holds the published brackets and basic amounts', async () => {
    expect(await taxOf('2025-06-13')).toEqual({
      brackets: [
        ['0.00', '0.140000'],
        ['53255.00', '0.190000'],
        ['106495.00', '0.240000'],
        ['129590.00', '0.257500'],
      ],
      basic: '18571.000000',
    });
    expect(await taxOf('2026-06-12')).toEqual({
      brackets: [
        ['0.00', '0.140000'],
        ['54345.00', '0.190000'],
        ['108680.00', '0.240000'],
        ['132245.00', '0.257500'],
      ],
      basic: '18952.000000',
    });
  });

  it("derives 2026 from 2025 by the 2.05 % indexation (thresholds to $5, basic amount to $1)", async () => {
    const before = await taxOf('2025-06-13');
    const after = await taxOf('2026-06-12');
    expect(after.brackets.map(([threshold]) => Number(threshold))).toEqual(before.brackets.map(([threshold]) => nearest(Number(threshold) * 1.0205, 5)));
    expect(Number(after.basic)).toBe(nearest(Number(before.basic) * 1.0205, 1));
  });
});

/**
 * The CRA's own tables of the 2026 editions (issue 45 item 5, issue 68 item 9): Table 8.1 "Rates (R, V), income
 * thresholds (A), and constants (K, KP)" of the T4127 122nd edition (PDF p. 32, May 2026 revision) and 123rd (July 1,
 * 2026: p. 11), and Table 8.2 "Other rates and amounts" (p. 33; July p. 12). Every row is written here as the CRA
 * prints it: threshold A, rate R or V, constant K or KP; the seeded tables must hold exactly these (constants
 * computed by T4127's rule included).
 */
const TABLE_8_1_JAN: Record<string, [threshold: number, rate: string, constant: number][]> = {
  CA: [[0, '0.14', 0], [58523, '0.205', 3804], [117045, '0.26', 10241], [181440, '0.29', 15685], [258482, '0.33', 26024]],
  AB: [[0, '0.08', 0], [61200, '0.1', 1224], [154259, '0.12', 4309], [185111, '0.13', 6160], [246813, '0.14', 8628], [370220, '0.15', 12331]],
  BC: [[0, '0.0506', 0], [50363, '0.077', 1330], [100728, '0.105', 4150], [115648, '0.1229', 6220], [140430, '0.147', 9604], [190405, '0.168', 13603], [265545, '0.205', 23428]],
  MB: [[0, '0.108', 0], [47000, '0.1275', 917], [100000, '0.174', 5567]],
  NB: [[0, '0.094', 0], [52333, '0.14', 2407], [104666, '0.16', 4501], [193861, '0.195', 11286]],
  NL: [[0, '0.087', 0], [44678, '0.145', 2591], [89354, '0.158', 3753], [159528, '0.178', 6943], [223340, '0.198', 11410], [285319, '0.208', 14263], [570638, '0.213', 17117], [1141275, '0.218', 22823]],
  NS: [[0, '0.0879', 0], [30995, '0.1495', 1909], [61991, '0.1667', 2976], [97417, '0.175', 3784], [157124, '0.21', 9283]],
  NT: [[0, '0.059', 0], [53003, '0.086', 1431], [106009, '0.122', 5247], [172346, '0.1405', 8436]],
  NU: [[0, '0.04', 0], [55801, '0.07', 1674], [111602, '0.09', 3906], [181439, '0.115', 8442]],
  ON: [[0, '0.0505', 0], [53891, '0.0915', 2210], [107785, '0.1116', 4376], [150000, '0.1216', 5876], [220000, '0.1316', 8076]],
  // The fifth threshold and constant carry the table's note "*Updated May 2026".
  PE: [[0, '0.095', 0], [33928, '0.1347', 1347], [65820, '0.166', 3407], [106890, '0.1762', 4497], [142520, '0.19', 6464]],
  SK: [[0, '0.105', 0], [54532, '0.125', 1091], [155805, '0.145', 4207]],
  YT: [[0, '0.064', 0], [58523, '0.09', 1522], [117045, '0.109', 3745], [181440, '0.128', 7193], [500000, '0.15', 18193]],
};
/** July 1, 2026: the rows that differ from January (BC's first rate and constants, PE's sixth bracket); the others are the same. */
const TABLE_8_1_JUL: Record<string, [number, string, number][]> = {
  ...TABLE_8_1_JAN,
  BC: [[0, '0.0614', 0], [50363, '0.077', 786], [100728, '0.105', 3606], [115648, '0.1229', 5676], [140430, '0.147', 9061], [190405, '0.168', 13059], [265545, '0.205', 22884]],
  PE: [...TABLE_8_1_JAN['PE']!, [200000, '0.21', 10464]],
};

describe('2026: the tables as seeded equal the CRA’s T4127 Tables 8.1 and 8.2 (January and July editions)', () => {
  const seeded = async (date: string, jurisdiction: string) =>
    ((await tablesOn(date, jurisdiction === 'CA' ? 'ON' : jurisdiction)).brackets.get(`${jurisdiction}:Tax`) ?? []).map((b) => [Number(b.threshold), Number(b.rate), Number(b.constant)]);
  for (const [edition, date, table] of [['January (122nd)', '2026-01-16', TABLE_8_1_JAN], ['July (123rd)', '2026-07-17', TABLE_8_1_JUL]] as const) {
    it(`Table 8.1, ${edition}: every threshold, rate and constant of the federal and 12 provincial and territorial rows`, async () => {
      for (const [jurisdiction, rows] of Object.entries(table)) {
        expect(await seeded(date, jurisdiction), jurisdiction).toEqual(rows.map(([threshold, rate, constant]) => [threshold, Number(rate), constant]));
      }
    });
  }

  it('Table 8.2: basic amounts, CEA, Ontario’s S2 300 and surtax tiers, British Columbia’s S2 575 then 805, NL’s 15,000 from July', async () => {
    // Table 8.2 (January): basic amounts; MB (BPAMB) and YT (BPAYT) are formulas whose value at claim code 1 is 15,780
    // (frozen) and 16,452 (the federal BPAF's maximum, Table 8.9 claim code 1).
    const basic: Record<string, string> = { CA: '16452', AB: '22769', BC: '13216', MB: '15780', NB: '13664', NL: '11188', NS: '11932', NT: '18198', NU: '19659', ON: '12989', PE: '15000', SK: '20381', YT: '16452' };
    for (const [jurisdiction, amount] of Object.entries(basic)) {
      const tables = await tablesOn('2026-01-16', jurisdiction === 'CA' ? 'ON' : jurisdiction);
      expect(Number(rateOf(tables, jurisdiction as never, 'BASIC_PERSONAL')), jurisdiction).toBe(Number(amount));
    }
    const on = await tablesOn('2026-01-16', 'ON');
    expect(['EMPLOYMENT_AMOUNT', 'ABATEMENT'].map((item) => Number(rateOf(on, 'CA', item as never)))).toEqual([1501, 0.165]);
    expect(['TAX_REDUCTION', 'SURTAX_THRESHOLD1', 'SURTAX_RATE1', 'SURTAX_THRESHOLD2', 'SURTAX_RATE2'].map((item) => Number(rateOf(on, 'ON', item as never)))).toEqual([300, 5818, 0.2, 7446, 0.36]);
    expect(Number(rateOf(await tablesOn('2026-01-16', 'YT'), 'YT', 'EMPLOYMENT_AMOUNT'))).toBe(1501);
    expect(Number(rateOf(await tablesOn('2026-06-26', 'BC'), 'BC', 'LOW_INCOME_REDUCTION'))).toBe(575);
    expect(Number(rateOf(await tablesOn('2026-07-17', 'BC'), 'BC', 'LOW_INCOME_REDUCTION'))).toBe(805);
    expect(Number(rateOf(await tablesOn('2026-06-26', 'NL'), 'NL', 'BASIC_PERSONAL'))).toBe(11188);
    expect(Number(rateOf(await tablesOn('2026-07-17', 'NL'), 'NL', 'BASIC_PERSONAL'))).toBe(15000);
  });

  it('Tables 8.3, 8.4, 8.6, 8.7: CPP 74,600 / 3,500 / 5.95 % / 4,230.45, base 4.95 %, CPP2 85,000 / 4 % / 416; QPP 6.30 % / 4,479.30, base 5.30 %; EI 68,900 / 1.63 % / 1,123.07, QC 1.30 % / 895.70', async () => {
    const qc = await tablesOn('2026-01-16', 'QC');
    const items = ['PENSION_YMPE', 'PENSION_EXEMPTION', 'PENSION_RATE', 'PENSION_MAX', 'PENSION_BASE_RATE', 'PENSION_YAMPE', 'PENSION2_RATE', 'PENSION2_MAX', 'EI_MAX_INSURABLE', 'EI_RATE', 'EI_MAX'] as const;
    expect(items.map((item) => Number(rateOf(qc, 'CA', item)))).toEqual([74600, 3500, 0.0595, 4230.45, 0.0495, 85000, 0.04, 416, 68900, 0.0163, 1123.07]);
    expect(items.map((item) => Number(rateOf(qc, 'QC', item)))).toEqual([74600, 3500, 0.063, 4479.3, 0.053, 85000, 0.04, 416, 68900, 0.013, 895.7]);
  });

  it('every source fits its column (200 characters) whole', async () => {
    const { EDITIONS } = await import('../server/tables.ts');
    for (const edition of EDITIONS) expect(edition.source.length, `${edition.jurisdiction} ${edition.from}`).toBeLessThanOrEqual(200);
  });
});


/**
 * Issue 68 item 9: the tables follow the publishers' texts, and say which edition. The in-memory tables the pure
 * tests read (`editionTables`) are what the database holds once seeded; the July 2025 rows (the 121st edition is not
 * among the texts at hand) are the CRA's proration of the figures the texts print; the rules the texts state beside
 * their tables (BPAF, British Columbia's reduction ceiling, the labour-sponsored funds credits) hold.
 */
describe('the tables as the publishers print them (issue 68 item 9)', () => {
  it('the seeded database holds exactly the rows of server/tables.ts (editionTables), on every edition date', async () => {
    for (const date of ['2025-03-14', '2025-07-18', '2026-01-16', '2026-07-17']) {
      for (const province of PROVINCES) {
        const jurisdictions = province === 'QC' ? ['CA', 'QC'] : ['CA', province];
        const loaded = await tablesOn(date, province);
        const built = editionTables(date, jurisdictions);
        expect([...loaded.rates.entries()].sort(), `${date} ${province}`).toEqual([...built.rates.entries()].sort());
        expect([...loaded.brackets.entries()].sort(), `${date} ${province}`).toEqual([...built.brackets.entries()].sort());
        expect(loaded.edition, `${date} ${province}`).toBe(built.edition);
      }
    }
  });

  it('2025: the seeded tables equal T4127 120th ed. Tables 8.1–8.7 (p. 31–33) and TP-1015.F (2025-01) p. 5–7', async () => {
    const seeded = async (jurisdiction: string) =>
      ((await tablesOn('2025-03-14', jurisdiction === 'CA' ? 'ON' : jurisdiction)).brackets.get(`${jurisdiction}:Tax`) ?? []).map((b) => [Number(b.threshold), Number(b.rate), Number(b.constant)]);
    // Table 8.1 p. 31: A, R or V, K or KP as printed.
    expect(await seeded('CA')).toEqual([[0, 0.15, 0], [57375, 0.205, 3156], [114750, 0.26, 9467], [177882, 0.29, 14803], [253414, 0.33, 24940]]);
    expect(await seeded('ON')).toEqual([[0, 0.0505, 0], [52886, 0.0915, 2168], [105775, 0.1116, 4294], [150000, 0.1216, 5794], [220000, 0.1316, 7994]]);
    expect(await seeded('MB')).toEqual([[0, 0.108, 0], [47564, 0.1275, 927], [101200, 0.174, 5633]]);
    // TP-1015.F (2025-01) p. 5: the printed constants.
    expect(await seeded('QC')).toEqual([[0, 0.14, 0], [53255, 0.19, 2662], [106495, 0.24, 7987], [129590, 0.2575, 10255]]);
    const on = await tablesOn('2025-03-14', 'ON');
    const qc = await tablesOn('2025-03-14', 'QC');
    const values = (tables: PayTables, jurisdiction: string, items: string[]) => items.map((item) => Number(rateOf(tables, jurisdiction as never, item as never)));
    // Table 8.2 p. 32: CEA 1,471, abatement 0.165, LCF 15 % / 750; ON basic amount 12,747, S2 294, V1 5,710 / 7,307;
    // BPAF 16,129 (p. 9), MB's BPAMB 15,969 (p. 9).
    expect(values(on, 'CA', ['BASIC_PERSONAL', 'EMPLOYMENT_AMOUNT', 'ABATEMENT', 'LABOUR_FUND_RATE', 'LABOUR_FUND_MAX'])).toEqual([16129, 1471, 0.165, 0.15, 750]);
    expect(values(on, 'ON', ['BASIC_PERSONAL', 'TAX_REDUCTION', 'SURTAX_THRESHOLD1', 'SURTAX_RATE1', 'SURTAX_THRESHOLD2', 'SURTAX_RATE2'])).toEqual([12747, 294, 5710, 0.2, 7307, 0.36]);
    expect(values(await tablesOn('2025-03-14', 'MB'), 'MB', ['BASIC_PERSONAL'])).toEqual([15969]);
    // Tables 8.3, 8.4, 8.6, 8.7 (p. 32–33); QPP, QPIP: TP-1015.F (2025-01) p. 7; Québec EI: Table 8.7.
    const pension = ['PENSION_YMPE', 'PENSION_EXEMPTION', 'PENSION_RATE', 'PENSION_MAX', 'PENSION_BASE_RATE', 'PENSION_YAMPE', 'PENSION2_RATE', 'PENSION2_MAX', 'EI_MAX_INSURABLE', 'EI_RATE', 'EI_MAX'];
    expect(values(qc, 'CA', pension)).toEqual([71300, 3500, 0.0595, 4034.1, 0.0495, 81200, 0.04, 396, 65700, 0.0164, 1077.48]);
    expect(values(qc, 'QC', pension)).toEqual([71300, 3500, 0.064, 4339.2, 0.054, 81200, 0.04, 396, 65700, 0.0131, 860.67]);
    expect(values(qc, 'QC', ['QPIP_MAX_INSURABLE', 'QPIP_RATE', 'QPIP_EMPLOYER_RATE', 'BASIC_PERSONAL', 'WORKER_DEDUCTION_MAX'])).toEqual([98000, 0.00494, 0.00692, 18571, 1420]);
    // 2026: TP-1015.F (2026-01) p. 7 (QPIP 103,000, 0.430 %, 0.602 %), p. 5–6 (18,952; 1,450).
    expect(values(await tablesOn('2026-03-13', 'QC'), 'QC', ['QPIP_MAX_INSURABLE', 'QPIP_RATE', 'QPIP_EMPLOYER_RATE', 'BASIC_PERSONAL', 'WORKER_DEDUCTION_MAX'])).toEqual([103000, 0.0043, 0.00602, 18952, 1450]);
  });

  it('2026: LCF/LCP (Table 8.2 p. 33), BPAF (p. 10), British Columbia’s S (p. 21; 123rd ed. p. 8), Alberta’s K5P (p. 21)', async () => {
    const item = async (date: string, jurisdiction: string, name: string) => Number(rateOf(await tablesOn(date, jurisdiction === 'CA' ? 'ON' : jurisdiction), jurisdiction as never, name as never));
    const lcp: [string, number, number][] = [['CA', 0.15, 750], ['MB', 0.15, 1800], ['NB', 0.2, 2000], ['NS', 0.2, 2000], ['SK', 0.175, 875]];
    for (const [jurisdiction, rate, most] of lcp) {
      expect([await item('2026-03-13', jurisdiction, 'LABOUR_FUND_RATE'), await item('2026-03-13', jurisdiction, 'LABOUR_FUND_MAX')], jurisdiction).toEqual([rate, most]);
    }
    expect(await Promise.all(['BASIC_PERSONAL_REDUCED_FROM', 'BASIC_PERSONAL_REDUCED_TO', 'BASIC_PERSONAL_MIN'].map((name) => item('2026-03-13', 'CA', name)))).toEqual([181440, 258482, 14829]);
    expect(await Promise.all(['LOW_INCOME_REDUCTION', 'LOW_INCOME_THRESHOLD', 'LOW_INCOME_RATE', 'LOW_INCOME_CEILING'].map((name) => item('2026-03-13', 'BC', name)))).toEqual([575, 25570, 0.0356, 41722]);
    expect(await Promise.all(['LOW_INCOME_REDUCTION', 'LOW_INCOME_THRESHOLD', 'LOW_INCOME_RATE', 'LOW_INCOME_CEILING'].map((name) => item('2026-07-17', 'BC', name)))).toEqual([805, 25570, 0.0356, 44952]);
    expect([await item('2026-03-13', 'AB', 'CREDIT_SUPPLEMENT_BASE'), await item('2026-03-13', 'AB', 'CREDIT_SUPPLEMENT_RATE')]).toEqual([4896, 0.25]);
  });

  it('every row names its publisher, edition and pages, and none is marked unverified', () => {
    for (const edition of EDITIONS) {
      expect(edition.source, `${edition.jurisdiction} ${edition.from}`).toMatch(/^(CRA T4127 12[0-3](st|nd|rd|th) ed\.|Revenu Québec TP-1015\.F \(20\d\d-01\))/);
      expect(edition.source, `${edition.jurisdiction} ${edition.from}`).toMatch(/ p\. \d/);
      expect(edition.source.toLowerCase()).not.toMatch(/unverified|transcri/);
    }
    // The edition in force: T4127 for CA and the provinces, TP-1015.F for Québec's tax, QPP and QPIP.
    const sources = (date: string, jurisdiction: string) => EDITIONS.filter((e) => e.jurisdiction === jurisdiction && e.from <= date).at(-1)!.source;
    expect(sources('2026-03-13', 'CA').startsWith(T4127_122)).toBe(true);
    expect(sources('2026-07-17', 'BC').startsWith(T4127_123)).toBe(true);
    expect(sources('2026-03-13', 'QC').startsWith(TP1015_2026)).toBe(true);
    expect(sources('2025-03-14', 'ON').startsWith(T4127_120)).toBe(true);
  });

  it('July rows are the CRA’s proration, July = 2 × annual − January (123rd ed. p. 2), of the figures the texts print', async () => {
    const twice = (annual: string, january: string) => sub(mul('2', annual, 6), january);
    // 2025 federal: annual lowest rate 14.5 % (122nd ed. Table 8.22 p. 40), January 15 % (120th ed. Table 8.1 p. 31).
    expect(Number((await tablesOn('2025-07-18', 'ON')).brackets.get('CA:Tax')![0]!.rate)).toBe(Number(twice('0.145', '0.15')));
    // 2025 Manitoba: KP annual 917 / 5,567 (Table 8.22 p. 40), January 927 / 5,633 (120th p. 31) → 907 / 5,501; BPAMB
    // annual 15,780 (frozen: 122nd p. 10), January 15,969 (120th p. 9) → 15,591.
    const mb = await tablesOn('2025-07-18', 'MB');
    expect(mb.brackets.get('MB:Tax')!.map((b) => Number(b.constant))).toEqual([0, Number(twice('917', '927')), Number(twice('5567', '5633'))]);
    expect(Number(rateOf(mb, 'MB', 'BASIC_PERSONAL'))).toBe(Number(twice('15780', '15969')));
    // 2026 (123rd ed. p. 4): BC 5.60 % and 690 → 6.14 %, 805; NL 13,094 → 15,000; PE 20 % over 200,000 → 21 %.
    const bc = await tablesOn('2026-07-17', 'BC');
    expect([Number(rateOf(bc, 'BC', 'TAX_CREDIT_RATE')), Number(rateOf(bc, 'BC', 'LOW_INCOME_REDUCTION'))]).toEqual([Number(twice('0.056', '0.0506')), Number(twice('690', '575'))]);
    expect(Number(rateOf(await tablesOn('2026-07-17', 'NL'), 'NL', 'BASIC_PERSONAL'))).toBe(Number(twice('13094', '11188')));
    expect(Number((await tablesOn('2026-07-17', 'PE')).brackets.get('PE:Tax')!.at(-1)!.rate)).toBe(Number(twice('0.20', '0.19')));
  });

  it('BPAF (T4127 122nd ed. p. 10; 120th p. 9): the federal and Yukon basic amounts reduced on NI over 181,440 (2025: 177,882)', async () => {
    const on = await tablesOn('2026-03-13', 'ON');
    // 16,452 − (200,000 − 181,440) × (1,623 / 77,042) = 16,061.01; 14,829 from 258,482.
    expect([basicPersonal(on, 'CA', '181440.00'), basicPersonal(on, 'CA', '200000.00'), basicPersonal(on, 'CA', '258482.00')].map(Number)).toEqual([16452, 16061.01, 14829]);
    expect(basicPersonal(await tablesOn('2026-03-13', 'YT'), 'YT', '200000.00')).toBe('16061.01');
    // 2025: 16,129 − (200,000 − 177,882) × (1,591 / 75,532) = 15,663.11.
    expect(basicPersonal(await tablesOn('2025-03-14', 'ON'), 'CA', '200000.00')).toBe('15663.11');
  });

  it('British Columbia from July 2026: no reduction over 44,952 (123rd ed. p. 8), though 805 − 3.56 % × (A − 25,570) is still positive', async () => {
    // $1,770 bi-weekly: C = 97.31, EI = 28.85, F5 = 16.35, A = 26 × 1,753.65 = 45,594.90 (> 44,952; the formula without
    // the ceiling would still reduce by 805 − 0.0356 × 20,024.90 = 92.11). T4 = 0.0614 × (45,594.90 − 13,216
    // − (26 × 97.31 × 0.0495/0.0595 + 26 × 28.85)) = 1,812.77, S = 0 → T2 = 1,812.77 → 69.72.
    const result = computePay(await tablesOn('2026-07-17', 'BC'), pay('1770.00', { province: 'BC' }));
    expect([result.annual.a, result.annual.t2, result.provincialTax]).toEqual(['45594.90', '1812.77', '69.72']);
  });

  it('Québec: union dues are not deducted from the Québec income (TP-1015.F (2026-01) p. 13, F), only from the federal (T4127 U1)', async () => {
    const tables = await tablesOn('2026-03-13', 'QC');
    const without = computePay(tables, pay('2500.00', { province: 'QC' }));
    const withDues = computePay(tables, pay('2500.00', { province: 'QC', unionDues: '50.00' }));
    // Federal A = 26 × (2,500 − F5 − 50): 1,300 less; Québec's I, and so Y, unchanged.
    expect(sub(without.annual.a, withDues.annual.a)).toBe('1300.00');
    expect(withDues.annual.t2).toBe(without.annual.t2);
    expect(Number(withDues.annual.t1)).toBeLessThan(Number(without.annual.t1));
  });

  it('labour-sponsored funds (T4127 p. 17, Table 8.2 p. 33): the federal LCF is 15 % of the shares × P, at most 750 a year', async () => {
    const tables = await tablesOn('2026-03-13', 'ON');
    const plain = computePay(tables, pay('4000.00'));
    // 26 × 15 % × 100 = 390; 26 × 15 % × 300 = 1,170 → 750.
    expect(sub(plain.annual.t1, computePay(tables, pay('4000.00', { labourFundShares: '100.00' })).annual.t1)).toBe('390.00');
    expect(sub(plain.annual.t1, computePay(tables, pay('4000.00', { labourFundShares: '300.00' })).annual.t1)).toBe('750.00');
  });
});
