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
 * - QPP / Québec EI / QPIP 2026: the rates of the 2026 tables (T4127 122nd edition chapter 8, unverified
 *   transcription) times the pay, the same formula as CPP.
 * - Annual maximums 2026: CPP $4,230.45 = (74,600 − 3,500) × 5.95 %, CPP2 $416.00 = (85,000 − 74,600) × 4 %,
 *   EI $1,123.07 = 68,900 × 1.63 % (T4127 122nd edition chapter 8; DOMAIN-NOTES gives the 2025 counterparts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, type Decimal } from '@erp/shared/decimal';
import { startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { computePay, loadTables, type PayInput, type PayTables } from '../server/deductions.ts';
import { bracketConstants } from '../server/tables.ts';
import { isTemporarySin, isValidSin, maskSin } from '../definitions/sin.ts';

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
    // T3 = 0.205 × 64,385.10 − 3,804 − 0.14 × 16,452 − 0.14 × (min(26 × 140.74 × 0.0495/0.0595, 3,519.45)
    //      + min(26 × 40.75, 1,123.07)) − min(0.14 × A, 0.14 × 1,501)
    //    = 13,198.9455 − 3,804 − 2,303.28 − 0.14 × (3,044.241681 + 1,059.50) − 210.14 = 6,307.00.
    expect(result.annual.t1).toBe('6307.00');
    // T4 = 0.0915 × 64,385.10 − 2,210 − 0.0505 × 12,989 − 0.0505 × 4,103.741681 = 2,818.05; no surtax (< 5,818),
    // no tax reduction (2 × 300 < T4); health premium min(600, 450 + 25 % × (A − 48,000)) = 600 → T2 = 3,418.05.
    expect(result.annual.t2).toBe('3418.05');
    // Per pay: (6,307.00 + 3,418.05) / 26 = 374.04; federal 6,307.00 / 26 = 242.58; Ontario the rest, 131.46.
    expect(result.federalTax).toBe('242.58');
    expect(result.provincialTax).toBe('131.46');
    expect(add(result.federalTax, result.provincialTax)).toBe('374.04');
  });

  it('2026 Québec: QPP 6.30 %, Québec EI 1.30 %, QPIP 0.494 % / 0.692 %, no CPP', async () => {
    const result = computePay(await tablesOn('2026-03-13', 'QC'), pay('2500.00', { province: 'QC' }));
    // QPP = 0.063 × (2,500 − 134.61) = 149.01957 → 149.02.
    expect(result.qpp).toBe('149.02');
    expect(result.cpp).toBe('0.00');
    expect(result.ei).toBe('32.50');
    expect(result.qpip).toBe('12.35');
    expect(result.employerQpip).toBe('17.30');
    expect(Number(result.federalTax)).toBeGreaterThan(0);
    expect(Number(result.provincialTax)).toBeGreaterThan(0);
  });

  it('a pay date before every table is refused, naming what is missing', async () => {
    expect(() => computePay({ edition: '', rates: new Map(), brackets: new Map() }, pay('1000.00'))).toThrow(/no PENSION_RATE for CA/);
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
