/**
 * The worked examples the publishers print, reproduced to the cent by the deductions engine (issue 68 item 9), on
 * the statutory tables as seeded (`editionTables`: the rows of server/tables.ts as `loadTables` reads them from the
 * database — deductions.test.ts asserts the two agree on both engines; these tests need no database).
 *
 * Texts (../shared/standards/, each with its SOURCE.md; "p." is the PDF page, also the page printed on it):
 * - Revenu Québec, TP-1015.F (2026-01): Annexe 1 (p. 46–49: the Québec tax of a year of bi-weekly pays of $4,000,
 *   RPP $200, TP-1015.3 line 10 $21,830, FTQ $100 and Fondaction $150 a pay for 20 pays), Annexe 2 (p. 50: a
 *   retroactive payment of $4,000 with a weekly $1,500), Annexe 3 (p. 51–54: the QPP and QPP2 of the same $4,000 pays);
 *   and TP-1015.F (2025-01), the same three annexes (p. 45–48, 49, 50–53) with 2025's figures.
 * - CRA, T4127 120th edition (January 2025): the regular bonus example (p. 17–18) with 2025's figures.
 * - CRA, T4127 122nd edition (January 2026, May 2026 revision): the regular bonus example (p. 18–19) and Appendix 1,
 *   "Example Scenarios for CPP2 treatment" (p. 43–48: scenario 1, a year of semi-monthly $4,200; scenario 2, the same
 *   employee moving Ontario → Québec → Ontario; scenario 3, an employee turning 18 in March).
 *
 * Where an intermediate figure the publisher prints differs from its own formula, the test says so beside it and
 * asserts what the formula gives together with the result the publisher prints (every printed withholding and
 * contribution holds to the cent).
 */
import { describe, expect, it } from 'vitest';
import { add, div, mul, sub, type Decimal } from '@erp/shared/decimal';
import { computePay, pensionMonths, type PayInput, type PayResult } from '../server/deductions.ts';
import { editionTables } from '../server/tables.ts';

const ZERO_YTD: PayInput['ytd'] = { pension: '0.00', pension2: '0.00', pensionable: '0.00', ei: '0.00', qpip: '0.00', employerQpip: '0.00', wsibInsurable: '0.00' };

function input(province: string, periods: number, gross: string, extra: Partial<PayInput> = {}): PayInput {
  return {
    province,
    periods,
    taxable: gross,
    pensionable: gross,
    insurable: gross,
    hours: '0.0000',
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

const tablesFor = (date: string, province: string) => editionTables(date, province === 'QC' ? ['CA', 'QC'] : ['CA', province]);

/** The year to date after a pay. */
const after = (ytd: PayInput['ytd'], gross: Decimal, result: PayResult): PayInput['ytd'] => ({
  ...ytd,
  pension: add(ytd.pension, add(result.cpp, result.qpp)),
  pension2: add(ytd.pension2, add(result.cpp2, result.qpp2)),
  pensionable: add(ytd.pensionable, gross),
  ei: add(ytd.ei, result.ei),
  qpip: add(ytd.qpip, result.qpip),
});

describe('Revenu Québec TP-1015.F, Annexes 1 and 3: a year of bi-weekly pays of $4,000', () => {
  /**
   * The employee of Annexe 1 (tax) and Annexe 3 (QPP) through the year: each pay with the year to date of the ones
   * before it; Q + Q1 = 100 + 150 withheld for the first 20 pays. I = the Québec annual income (the federal A less the
   * deduction for workers, 26 × H).
   */
  const year = (date: string, h: Decimal, sharePays: number) => {
    const tables = tablesFor(date, 'QC');
    let ytd = ZERO_YTD;
    const pays: { result: PayResult; i: Decimal }[] = [];
    for (let n = 1; n <= 26; n += 1) {
      const result = computePay(tables, input('QC', 26, '4000.00', { rpp: '200.00', provincialClaim: '21830.00', labourFundShares: n <= sharePays ? '250.00' : '0.00', ytd }));
      pays.push({ result, i: sub(result.annual.a, mul('26', h, 2)) });
      ytd = after(ytd, '4000.00', result);
    }
    return pays;
  };

  it('2026 (p. 46–49, 51–54): the withholding of every pay, and C, C2 across the QPP maximums', () => {
    // H = 6 % × 4,000 = 240, at most 1,450 / 26 = 55.77 (p. 13). The shares: the guide says they are payable over the
    // first 20 pays, yet its computation "pour les 20e et 21e périodes" credits Q and Q1 in both (its 2025 edition
    // stops them after pay 20, as said); the figures below are the printed ones, so pay 21 has them too.
    const pays = year('2026-03-13', '55.77', 21);
    const at = (n: number) => pays[n - 1]!;
    // Annexe 3: C = 0.0630 × (4,000 − 134.61) = 243.52 for 18 pays (4,383.36); the 19th: C = 4,479.30 − 4,383.36
    // = 95.94, C2 = 0.04 × (72,000 + 4,000 − 74,600) = 56; the 20th and 21st: C2 = 160; the 22nd: 416 − 376 = 40;
    // the last 4: none.
    expect(pays.map(({ result }) => [result.qpp, result.qpp2])).toEqual([
      ...Array.from({ length: 18 }, () => ['243.52', '0.00']),
      ['95.94', '56.00'],
      ['0.00', '160.00'],
      ['0.00', '160.00'],
      ['0.00', '40.00'],
      ...Array.from({ length: 4 }, () => ['0.00', '0.00']),
    ]);
    // Annexe 1, pays 1–18: CSA = 243.52 × 0.01/0.0630 = 38.65; I = 26 × (4,000 − 200 − 55.77 − 38.65) = 96,345.08;
    // Y = 0.19 × I − 2,717 − 0.14 × 21,830 − 0.15 × 26 × 100 − 0.15 × 26 × 150 = 11,557.37; A = Y / 26 = 444.51.
    for (let n = 1; n <= 18; n += 1) expect([at(n).i, at(n).result.annual.t2, at(n).result.provincialTax], `pay ${n}`).toEqual(['96345.08', '11557.37', '444.51']);
    // Pay 19: A = 438.32 as printed. The guide prints CSA = 71.24 (I = 95,497.74, Y = 11,396.37) where its formula
    // (p. 14: CS = C × 0.01/0.0630 + C2) gives 95.94 × 0.01/0.0630 + 56 = 15.2286 + 56 = 71.23: I = 26 × 3,673.00
    // = 95,498.00, Y = 18,144.62 − 2,717 − 3,056.20 − 390 − 585 = 11,396.42 → the same 438.32.
    expect([at(19).result.f5, at(19).i, at(19).result.annual.t2, at(19).result.provincialTax]).toEqual(['71.23', '95498.00', '11396.42', '438.32']);
    // Pays 20–21: CSA = 160; I = 26 × 3,584.23 = 93,189.98; Y = 10,957.90; A = 421.46.
    for (const n of [20, 21]) expect([at(n).i, at(n).result.annual.t2, at(n).result.provincialTax]).toEqual(['93189.98', '10957.90', '421.46']);
    // Pay 22: CSA = 40, no more share purchases; I = 96,309.98; Y = 12,525.70; A = 481.76.
    expect([at(22).i, at(22).result.annual.t2, at(22).result.provincialTax]).toEqual(['96309.98', '12525.70', '481.76']);
    // The last 4: I = 97,349.98; Y = 12,723.30; A = 489.36.
    for (let n = 23; n <= 26; n += 1) expect([at(n).i, at(n).result.annual.t2, at(n).result.provincialTax], `pay ${n}`).toEqual(['97349.98', '12723.30', '489.36']);
  });

  it('2025 (p. 45–48, 50–53): the withholding of every pay, and C, C2 across the QPP maximums', () => {
    // H = 1,420 / 26 = 54.62 (p. 13).
    const pays = year('2025-03-14', '54.62', 20);
    const at = (n: number) => pays[n - 1]!;
    // Annexe 3: C = 0.0640 × (4,000 − 134.61) = 247.38 for 17 pays (4,205.46); the 18th: C = 4,339.20 − 4,205.46
    // = 133.74, C2 = 0.04 × (68,000 + 4,000 − 71,300) = 28; the 19th and 20th: 160; the 21st: 396 − 348 = 48.
    expect(pays.map(({ result }) => [result.qpp, result.qpp2])).toEqual([
      ...Array.from({ length: 17 }, () => ['247.38', '0.00']),
      ['133.74', '28.00'],
      ['0.00', '160.00'],
      ['0.00', '160.00'],
      ['0.00', '48.00'],
      ...Array.from({ length: 5 }, () => ['0.00', '0.00']),
    ]);
    // Pays 1–17: CSA 38.65; I = 26 × 3,706.73 = 96,374.98; Y = 0.19 × I − 2,662 − 3,056.20 − 390 − 585 = 11,618.05 → 446.85.
    for (let n = 1; n <= 17; n += 1) expect([at(n).i, at(n).result.annual.t2, at(n).result.provincialTax], `pay ${n}`).toEqual(['96374.98', '11618.05', '446.85']);
    // Pay 18: CSA = 133.74 × 0.01/0.0640 + 28 = 48.90; I = 96,108.48; Y = 11,567.41; A = 444.90.
    expect([at(18).result.f5, at(18).i, at(18).result.annual.t2, at(18).result.provincialTax]).toEqual(['48.90', '96108.48', '11567.41', '444.90']);
    // Pays 19–20: CSA 160; I = 93,219.88; Y = 11,018.58; A = 423.79.
    for (const n of [19, 20]) expect([at(n).i, at(n).result.annual.t2, at(n).result.provincialTax]).toEqual(['93219.88', '11018.58', '423.79']);
    // Pay 21: CSA 48, no more share purchases; I = 96,131.88; Y = 12,546.86; A = 482.57.
    expect([at(21).i, at(21).result.annual.t2, at(21).result.provincialTax]).toEqual(['96131.88', '12546.86', '482.57']);
    // The last 5: I = 97,379.88; Y = 12,783.98; A = 491.69.
    for (let n = 22; n <= 26; n += 1) expect([at(n).i, at(n).result.annual.t2, at(n).result.provincialTax], `pay ${n}`).toEqual(['97379.88', '12783.98', '491.69']);
  });
});

describe('Revenu Québec TP-1015.F, Annexe 2: a retroactive payment of $4,000 with a weekly $1,500', () => {
  // Week 20: salary 1,500 + retroactive 4,000; RPP 500, of which 400 on the retroactive payment (F3). QPP on 5,500:
  // C = 0.0630 × (5,500 − 67.30) = 342.26 (2025: 0.0640 × … = 347.69); CS = C × 0.01/rate = 54.33 (both years);
  // CSA = 54.33 × 1,500/5,500 = 14.82, CSB = 54.33 × 4,000/5,500 = 39.51.
  const retro = (date: string) =>
    computePay(
      tablesFor(date, 'QC'),
      input('QC', 52, '5500.00', { rpp: '500.00', nonPeriodic: { taxable: '4000.00', pensionable: '4000.00', insurable: '4000.00', rpp: '400.00' }, ytd: { ...ZERO_YTD, pensionable: '28500.00' } }),
    );

  it('2026 (p. 50): I = 52 × (1,500 − 100 − 27.88 − 14.82) + 3,600 − 39.51 = 74,140.09; A = 0.19 × (3,600 − 39.51) = 676.49', () => {
    const result = retro('2026-05-15');
    expect(result.f5).toBe('54.33');
    // The engine's A (federal) less 52 × H (1,450 / 52 = 27.88), plus the payment's income B2 − F3 − CSB.
    const income = result.annual.nonPeriodic!.income;
    expect(income).toBe('3560.49');
    expect(add(sub(result.annual.a, mul('52', '27.88', 2)), income)).toBe('74140.09');
    expect(result.annual.nonPeriodic!.provincial).toBe('676.49');
  });

  it('2025 (p. 49): H = 1,420 / 52 = 27.31; I = 74,169.73; A = 676.49', () => {
    const result = retro('2025-05-16');
    expect(result.f5).toBe('54.33');
    const income = result.annual.nonPeriodic!.income;
    expect(add(sub(result.annual.a, mul('52', '27.31', 2)), income)).toBe('74169.73');
    expect(result.annual.nonPeriodic!.provincial).toBe('676.49');
  });
});

describe('CRA T4127 122nd edition, the regular bonus calculation example (p. 18–19)', () => {
  it('weekly $1,000, a $2,500 bonus, an earlier $1,500 one: A = 55,450.76 and 52,975.28, TB = 323.54', () => {
    // 29 pays passed: C 55.50 and EI 16.30 each; the earlier bonus's CPP 89.25 and EI 24.45, its F5B 14.60.
    const result = computePay(
      tablesFor('2026-07-24', 'ON'),
      input('ON', 52, '3500.00', {
        nonPeriodic: { taxable: '2500.00', pensionable: '2500.00', insurable: '2500.00' },
        ytd: { ...ZERO_YTD, pension: '1698.75', pensionable: '30500.00', ei: '497.15', nonPeriodic: '1485.40', nonPeriodicContributions: { pension: '89.25', ei: '24.45', qpip: '0.00' } },
      }),
    );
    // C = 0.0595 × (3,500 − 67.30) = 204.25; F5 = 204.25 × 0.01/0.0595 = 34.33; F5A = 34.33 × 1,000/3,500 = 9.81;
    // F5B = 24.52.
    expect([result.cpp, result.f5, result.ei]).toEqual(['204.25', '34.33', '57.05']);
    // Step 2's A = 52 × (1,000 − 9.81) + (1,500 − 14.60) = 52,975.28; step 1's adds 2,500 − 24.52 = 55,450.76.
    expect(add(result.annual.a, '1485.40')).toBe('52975.28');
    expect(add(add(result.annual.a, '1485.40'), result.annual.nonPeriodic!.income)).toBe('55450.76');
    // K2 = 0.14 × ((52 × (55.50 × 0.0495/0.0595)) + 148.75 × 0.0495/0.0595 + 89.25 × 0.0495/0.0595, max 3,519.45)
    //      + 0.14 × (52 × 16.30 + 40.75 + 24.45) — each parenthesis rounded to the cent as it is resolved (p. 43's
    //      note): 55.50 × 0.0495/0.0595 = 46.17, × 52 = 2,400.84; + 123.75 + 74.25; EI 912.80 → K2 = 491.63; without
    //      this bonus (no 148.75, 40.75): 468.60. T3 = 0.14 × 55,450.76 − 2,303.28 − 491.63 − 210.14 = 4,758.06;
    //      without: 0.14 × 52,975.28 − 2,303.28 − 468.60 − 210.14 = 4,434.52; TB = 323.54.
    expect(result.annual.nonPeriodic!.federal).toBe('323.54');
  });
});

describe('CRA T4127 122nd edition, Appendix 1: Example Scenarios for CPP2 treatment (p. 43–48)', () => {
  /** Semi-monthly $4,200 (P = 24) from the first contributing pay: [C, C2, F5] of each pay and the year to date. */
  const semiMonthly = (province: (n: number) => string, contributes: (n: number) => boolean, pm: number, gross = '4200.00', date = '2026-06-15') => {
    let ytd = ZERO_YTD;
    const rows: [Decimal, Decimal, Decimal][] = [];
    for (let n = 1; n <= 24; n += 1) {
      if (!contributes(n)) {
        rows.push(['0.00', '0.00', '0.00']);
        continue;
      }
      const where = province(n);
      const result = computePay(tablesFor(date, where), input(where, 24, gross, { pensionMonths: pm, ytd }));
      rows.push([add(result.cpp, result.qpp), add(result.cpp2, result.qpp2), result.f5]);
      ytd = after(ytd, gross, result);
    }
    return rows;
  };

  it('scenario 1 (Table 1, p. 44): C 241.22 to pay 17, pay 18 C 129.71 + C2 40.00 (F5 61.80), C2 168, 168, 40, then none', () => {
    // Pay 18: C = 4,230.45 − 4,100.74 = 129.71; C2 = (71,400 + 4,200 − 74,600) × 0.04 = 40.00;
    // F5 = 129.71 × 0.01/0.0595 + 40 = 61.80. Pays 1–17: F5 = 241.22 × 0.01/0.0595 = 40.54.
    expect(semiMonthly(() => 'ON', () => true, 12)).toEqual([
      ...Array.from({ length: 17 }, () => ['241.22', '0.00', '40.54']),
      ['129.71', '40.00', '61.80'],
      ['0.00', '168.00', '168.00'],
      ['0.00', '168.00', '168.00'],
      ['0.00', '40.00', '40.00'],
      ...Array.from({ length: 3 }, () => ['0.00', '0.00', '0.00']),
    ]);
  });

  it('scenario 3 (Table 3, p. 48): 18 in March, PM 9 — C from pay 7 (April), pay 20 C 36.98 + C2 114.00, then 168, 30', () => {
    // PM: from the month after the 18th birthday (T4127 p. 30): April–December, 9 months.
    const march18 = '2008-03-10';
    const month = (n: number) => String(Math.ceil(n / 2)).padStart(2, '0');
    const pm = pensionMonths(tablesFor('2026-06-15', 'ON'), 'CA', march18, '2026-06-15').months;
    expect(pm).toBe(9);
    const contributes = (n: number) => pensionMonths(tablesFor(`2026-${month(n)}-15`, 'ON'), 'CA', march18, `2026-${month(n)}-15`).contributes;
    // Maximums × 9/12: C 3,172.84 (4,230.45 × 0.75), C2 312.00, YMPE 55,950. PIYTD counts the contributing pays
    // only (pay 22: 63,000 = 15 × 4,200). Pay 20: C = 3,172.84 − 3,135.86 = 36.98; C2 = (54,600 + 4,200 − 55,950)
    // × 0.04 = 114.00; F5 = 36.98 × 0.01/0.0595 + 114 = 120.22. Pay 22: C2 = 312 − 282 = 30.00.
    expect(semiMonthly(() => 'ON', contributes, pm)).toEqual([
      ...Array.from({ length: 6 }, () => ['0.00', '0.00', '0.00']),
      ...Array.from({ length: 13 }, () => ['241.22', '0.00', '40.54']),
      ['36.98', '114.00', '120.22'],
      ['0.00', '168.00', '168.00'],
      ['0.00', '30.00', '30.00'],
      ['0.00', '0.00', '0.00'],
      ['0.00', '0.00', '0.00'],
    ]);
  });

  it('scenario 2 (p. 45): Ontario → Québec (pays 13–20) → Ontario; pay 21: C2 = 416 − (376 + 0) = 40.00, F5 = 40.00', () => {
    // The engine takes the year to date in the plan of the pay: for pay 21 (Ontario) the CPP D plus the QPP DQ in CPP
    // terms, DQ × 0.0595/0.0630 (T4127 p. 28–29, an employee transferred from Québec), and C2's D2 + D2Q.
    // Table 2 (p. 46) prints DQ 1,485.49 (pay 18 C = 208.44): TP-1015.F's transfer formula (2026 p. 39) gives
    // 4,479.30 − (2,894.64 × 0.0630/0.0595 + 1,277.05) = 137.34; 208.44 is 71,100 × 6.40 % (2025's QPP rate) less
    // the same — a slip in the table, not in the scenario's computation, which is the same with either (C = 0).
    const d = '2894.64';
    for (const dq of ['1485.49', '1414.39']) {
      const result = computePay(
        tablesFor('2026-11-13', 'ON'),
        input('ON', 24, '4200.00', { ytd: { ...ZERO_YTD, pension: add(d, div(mul(dq, '0.0595', 8), '0.063', 2)), pension2: '376.00', pensionable: '84000.00' } }),
      );
      expect([result.cpp, result.cpp2, result.f5], dq).toEqual(['0.00', '40.00', '40.00']);
    }
    // Pays 13–20 in Québec: QPP = 0.0630 × (4,200 − 145.83) = 255.41 (Table 2).
    expect(computePay(tablesFor('2026-07-15', 'QC'), input('QC', 24, '4200.00', { ytd: { ...ZERO_YTD, pension: '2653.42', pensionable: '50400.00' } })).qpp).toBe('255.41');
  });

  it('120th edition (2025), scenario 1 (Table 1, p. 43): $4,000 — C 229.32 to pay 17, pay 18 C 135.66 + C2 28.00 (F5 50.80), C2 160, 160, 48', () => {
    expect(semiMonthly(() => 'ON', () => true, 12, '4000.00', '2025-06-13')).toEqual([
      ...Array.from({ length: 17 }, () => ['229.32', '0.00', '38.54']),
      ['135.66', '28.00', '50.80'],
      ['0.00', '160.00', '160.00'],
      ['0.00', '160.00', '160.00'],
      ['0.00', '48.00', '48.00'],
      ...Array.from({ length: 3 }, () => ['0.00', '0.00', '0.00']),
    ]);
  });

  it('120th edition (2025), scenario 3 (Table 3, p. 47): 18 in March, PM 9 — pay 20 C 44.42 + C2 101.00, then 160, 36', () => {
    const month = (n: number) => String(Math.ceil(n / 2)).padStart(2, '0');
    const contributes = (n: number) => pensionMonths(tablesFor(`2025-${month(n)}-15`, 'ON'), 'CA', '2007-03-10', `2025-${month(n)}-15`).contributes;
    // Pay 20: C = 4,034.10 × 9/12 − 2,981.16 = 3,025.575 − 2,981.16 = 44.415 → 44.42 (p. 8: a third digit of five or
    // more rounds up; the table's D after it, 3,025.58, is 2,981.16 + 44.42). The table prints C 44.41 and F5 108.46:
    // 44.415 rounded down, as binary floating point computes 3,025.575 − 2,981.16 (44.41499…) — not the formula.
    // C2 = (52,000 + 4,000 − 53,475) × 0.04 = 101.00; F5 = 44.42 × 0.01/0.0595 + 101 = 108.47. Pay 22: 297 − 261 = 36.
    expect(semiMonthly(() => 'ON', contributes, 9, '4000.00', '2025-06-13')).toEqual([
      ...Array.from({ length: 6 }, () => ['0.00', '0.00', '0.00']),
      ...Array.from({ length: 13 }, () => ['229.32', '0.00', '38.54']),
      ['44.42', '101.00', '108.47'],
      ['0.00', '160.00', '160.00'],
      ['0.00', '36.00', '36.00'],
      ['0.00', '0.00', '0.00'],
      ['0.00', '0.00', '0.00'],
    ]);
  });
});

describe('CRA T4127 120th edition (2025), the regular bonus calculation example (p. 17–18)', () => {
  it('weekly $1,000, a $2,500 bonus, an earlier $1,500 one: TB = 5,150.02 − 4,803.42 = 346.60', () => {
    const result = computePay(
      tablesFor('2025-03-14', 'ON'),
      input('ON', 52, '3500.00', {
        nonPeriodic: { taxable: '2500.00', pensionable: '2500.00', insurable: '2500.00' },
        ytd: { ...ZERO_YTD, pension: '1698.75', pensionable: '30500.00', ei: '500.20', nonPeriodic: '1485.40', nonPeriodicContributions: { pension: '89.25', ei: '24.60', qpip: '0.00' } },
      }),
    );
    // C = 204.25, F5 = 34.33 (F5A 9.81, F5B 24.52), EI = 3,500 × 1.64 % = 57.40 (16.40 + 41.00); A = 55,450.76 and
    // 52,975.28 as in 2026. K2 = 0.15 × (2,400.84 + 123.75 + 74.25) + 0.15 × (852.80 + 41.00 + 24.60) = 527.59 (without:
    // 502.87) — the cents as each parenthesis is resolved; T3 = 0.15 × 55,450.76 − 2,419.35 − 527.59 − 220.65 =
    // 5,150.02, without 4,803.42. (Not rounding 55.50 × 0.0495/0.0595 nor K2 gives 527.60 / 502.89 and TB 346.61: the
    // example is why the engine rounds each parenthesis.)
    expect([result.cpp, result.f5, result.ei]).toEqual(['204.25', '34.33', '57.40']);
    expect(add(result.annual.a, '1485.40')).toBe('52975.28');
    expect(result.annual.nonPeriodic!.federal).toBe('346.60');
  });
});
