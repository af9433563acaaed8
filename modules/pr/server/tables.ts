/**
 * The statutory tables the deductions engine reads (issue 29 item 3), loaded as data into `pr_statutory_rates`
 * and `pr_tax_brackets` — kept afterwards on the Contribution maintenance and Tax tables screens, whose Source
 * column names the publisher's edition and the pages of every row (issue 68 item 9). One entry per jurisdiction and
 * effective date; a bracket's constant K is T4127's definition, computed here from the rates and thresholds: K₁ = 0,
 * Kᵢ = Kᵢ₋₁ + (Rᵢ − Rᵢ₋₁) × thresholdᵢ, rounded to the dollar at the end — or, where the publisher prints constants
 * no such rule gives (Revenu Québec's), the printed one, given with the row.
 *
 * Editions followed (the publishers' texts as kept in ../shared/standards/, each with its SOURCE.md; "p." is the
 * PDF page, which is also the page number printed on it):
 * - 2025, January–June: CRA T4127 120th edition (January 1, 2025) — cra-t4127-120/T4127-jan2025-en.pdf.
 * - 2025, July–December: the 121st edition (July 1, 2025) is not among the texts at hand. Its rows here are the
 *   CRA's proration of the year's figures (123rd ed. p. 2: "prorated amounts for the last six months of the year …
 *   to offset the amounts used for the first six months", i.e. July = 2 × annual − January), from the 2025 annual
 *   figures the 122nd edition prints (Tables 8.22, 8.23, p. 40–41) and the 120th's January ones; each row shows the
 *   arithmetic, and deductions.test.ts recomputes it from the printed figures.
 * - 2026, January–June: CRA T4127 122nd edition (January 1, 2026) in its May 2026 revision (cover "Rev. 26 (26/05)":
 *   Prince Edward Island's fifth threshold 142,520 and constant 6,464, marked "*Updated May 2026") —
 *   cra-t4127-122/t4127-01-26e.pdf.
 * - 2026, July–December: CRA T4127 123rd edition (July 1, 2026; British Columbia, Newfoundland and Labrador, Prince
 *   Edward Island; "Please refer to the 122nd edition for any sections that have not been reproduced") —
 *   cra-t4127-123/t4127-jul-26e.pdf.
 * - Québec income tax, QPP and QPIP: Revenu Québec, TP-1015.F "Formules pour le calcul des retenues à la source et
 *   des cotisations", 2025 edition (TP-1015.F (2025-01)) and 2026 edition (2026-01) — rq-tp1015f-2025, -2026. Québec
 *   employment insurance is the CRA's (T4127 Table 8.7).
 *
 * Every figure below was read in those texts (checked 2026-11-28, issue 68 item 9; where the text extract was
 * doubtful, in the PDF page itself) and the row's source names the table and page. Every row is verified: what the
 * tables print (T4127 120th Tables 8.1–8.7, 122nd Tables 8.1–8.7, 123rd Tables 8.1–8.2, TP-1015.F p. 5–7) is
 * asserted figure by figure in deductions.test.ts, and the worked examples the publishers print are reproduced to
 * the cent in publishers-examples.test.ts. The one figure no text at hand states is the QPP's start age 18 (TP-1015.F p. 38
 * defines PM by TP-1015.G part 4.5, not at hand; 18 is the CPP's, T4127 p. 30); it says so in its row.
 */
import { add, mul, round, sub, type Decimal } from '@erp/shared/decimal';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import type { SeedDb } from '@erp/server/db/migration-db';
import type { RateItem } from '../definitions/common.ts';
import type { Bracket, PayTables } from './deductions.ts';

type BracketRow = [threshold: string, rate: string, constant?: string];

interface Edition {
  jurisdiction: string;
  from: string;
  /** The publisher's edition and the tables and pages of every figure of the row (the Source column, ≤ 200 characters). */
  source: string;
  items: Partial<Record<RateItem, string>>;
  /** [threshold, rate, the publisher's printed constant when it is not T4127's K] from the lowest bracket. */
  brackets?: BracketRow[];
  /** Ontario Health Premium: [threshold, rate, amount at the threshold, cap]. */
  healthPremium?: [string, string, string, string][];
}

/** The editions, as each row's source names them. */
export const T4127_120 = 'CRA T4127 120th ed. (Jan 1, 2025)';
export const T4127_121 = 'CRA T4127 121st ed. (Jul 1, 2025; not at hand: July = 2 × annual − January, 123rd ed. p. 2)';
export const T4127_122 = 'CRA T4127 122nd ed. (Jan 1, 2026; rev. May 2026)';
export const T4127_123 = 'CRA T4127 123rd ed. (Jul 1, 2026)';
export const TP1015_2025 = 'Revenu Québec TP-1015.F (2025-01)';
export const TP1015_2026 = 'Revenu Québec TP-1015.F (2026-01)';

const CPP_2025 = {
  // 120th ed. Table 8.3 p. 32 (YMPE, exemption, 5.95 %, 4,034.10), 8.4 p. 32 (base 4.95 %), 8.6 p. 33 (YAMPE
  // 81,200, 4 %, 396.00), 8.7 p. 33 (EI 65,700, 1.64 %, 1,077.48; employer 0.02296 = 1.4 × 0.0164); the 122nd's
  // Tables 8.24–8.28 p. 41–42 print the same. Ages: p. 29 ("turns 18 … turns 70").
  PENSION_YMPE: '71300',
  PENSION_YAMPE: '81200',
  PENSION_EXEMPTION: '3500',
  PENSION_RATE: '0.0595',
  PENSION_BASE_RATE: '0.0495',
  PENSION_MAX: '4034.10',
  PENSION2_RATE: '0.04',
  PENSION2_MAX: '396.00',
  PENSION_START_AGE: '18',
  PENSION_END_AGE: '70',
  EI_RATE: '0.0164',
  EI_MAX_INSURABLE: '65700',
  EI_MAX: '1077.48',
  EI_EMPLOYER_FACTOR: '1.4',
  ABATEMENT: '0.165',
};
/** 120th ed. Table 8.1 p. 31 (R 0.15 January–June). */
const FEDERAL_2025: [string, string][] = [
  ['0', '0.15'],
  ['57375', '0.205'],
  ['114750', '0.26'],
  ['177882', '0.29'],
  ['253414', '0.33'],
];
/** British Columbia 2026: 122nd ed. Table 8.1 p. 32; the lowest rate is each edition's (123rd ed. p. 4, 11: 6.14 % from July). */
const BC_2026: [string, string][] = [
  ['0', '0.0506'],
  ['50363', '0.077'],
  ['100728', '0.105'],
  ['115648', '0.1229'],
  ['140430', '0.147'],
  ['190405', '0.168'],
  ['265545', '0.205'],
];
/** Prince Edward Island 2026: 122nd ed. Table 8.1 p. 32 (the fifth threshold 142,520 "*Updated May 2026"). */
const PE_2026: [string, string][] = [
  ['0', '0.095'],
  ['33928', '0.1347'],
  ['65820', '0.166'],
  ['106890', '0.1762'],
  ['142520', '0.19'],
];
/** Ontario Health Premium V2: 120th ed. p. 21, 122nd ed. p. 22 (the same in both years). */
const OHP: [string, string, string, string][] = [
  ['0', '0', '0', '0'],
  ['20000', '0.06', '0', '300'],
  ['36000', '0.06', '300', '450'],
  ['48000', '0.25', '450', '600'],
  ['72000', '0.25', '600', '750'],
  ['200000', '0.25', '750', '900'],
];

export const EDITIONS: readonly Edition[] = [
  // Federal, CPP, EI.
  {
    jurisdiction: 'CA',
    from: '2025-01-01',
    source: `${T4127_120}: T8.1 p. 31; T8.2 p. 32 (CEA, abatement, LCF); BPAF p. 9; CPP/EI T8.3–8.7 p. 32–33; ages p. 29`,
    items: {
      ...CPP_2025,
      TAX_CREDIT_RATE: '0.15',
      // BPAF (p. 9): 16,129 where NI ≤ 177,882, reduced linearly to 14,538 at 253,414.
      BASIC_PERSONAL: '16129',
      BASIC_PERSONAL_REDUCED_FROM: '177882',
      BASIC_PERSONAL_REDUCED_TO: '253414',
      BASIC_PERSONAL_MIN: '14538',
      EMPLOYMENT_AMOUNT: '1471',
      // LCF (p. 17 of the 122nd, the same in the 120th): 15 % of the shares, at most 750 a year.
      LABOUR_FUND_RATE: '0.15',
      LABOUR_FUND_MAX: '750',
    },
    brackets: FEDERAL_2025,
  },
  {
    jurisdiction: 'CA',
    from: '2025-07-01',
    // 2025's annual lowest rate is 14.5 % (122nd ed. Table 8.22 p. 40); January–June withheld 15 %: 2 × 14.5 − 15 = 14.
    source: `${T4127_121}: lowest rate 14 % = 2 × 14.5 % (122nd ed. T8.22 p. 40) − 15 % (120th ed. T8.1 p. 31)`,
    items: { TAX_CREDIT_RATE: '0.14' },
    brackets: FEDERAL_2025.map(([threshold, rate], index) => [threshold, index === 0 ? '0.14' : rate]),
  },
  {
    jurisdiction: 'CA',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32; T8.2 p. 33 (CEA, abatement, LCF); BPAF p. 10; CPP/QPP T8.3–8.4 p. 33, 8.6 p. 34; EI T8.7 p. 34`,
    items: {
      PENSION_YMPE: '74600',
      PENSION_YAMPE: '85000',
      PENSION_EXEMPTION: '3500',
      PENSION_RATE: '0.0595',
      PENSION_BASE_RATE: '0.0495',
      PENSION_MAX: '4230.45',
      PENSION2_RATE: '0.04',
      PENSION2_MAX: '416.00',
      EI_RATE: '0.0163',
      EI_MAX_INSURABLE: '68900',
      EI_MAX: '1123.07',
      // Table 8.7: employer rate 0.02282 = 1.4 × 0.0163.
      EI_EMPLOYER_FACTOR: '1.4',
      ABATEMENT: '0.165',
      TAX_CREDIT_RATE: '0.14',
      // BPAF (p. 10): 16,452 where NI ≤ 181,440, reduced linearly to 14,829 at 258,482.
      BASIC_PERSONAL: '16452',
      BASIC_PERSONAL_REDUCED_FROM: '181440',
      BASIC_PERSONAL_REDUCED_TO: '258482',
      BASIC_PERSONAL_MIN: '14829',
      EMPLOYMENT_AMOUNT: '1501',
      LABOUR_FUND_RATE: '0.15',
      LABOUR_FUND_MAX: '750',
    },
    brackets: [
      ['0', '0.14'],
      ['58523', '0.205'],
      ['117045', '0.26'],
      ['181440', '0.29'],
      ['258482', '0.33'],
    ],
  },
  // Ontario: brackets, credits, surtax V1, tax reduction S, health premium V2.
  {
    jurisdiction: 'ON',
    from: '2025-01-01',
    source: `${T4127_120}: T8.1 p. 31; T8.2 p. 32 (basic amount 12,747, S2 294, V1 5,710 / 7,307 at 20 % / 36 %); V1, V2, S p. 21`,
    items: { TAX_CREDIT_RATE: '0.0505', BASIC_PERSONAL: '12747', SURTAX_THRESHOLD1: '5710', SURTAX_RATE1: '0.20', SURTAX_THRESHOLD2: '7307', SURTAX_RATE2: '0.36', TAX_REDUCTION: '294' },
    brackets: [
      ['0', '0.0505'],
      ['52886', '0.0915'],
      ['105775', '0.1116'],
      ['150000', '0.1216'],
      ['220000', '0.1316'],
    ],
    healthPremium: OHP,
  },
  {
    jurisdiction: 'ON',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32; T8.2 p. 33 (basic amount 12,989, S2 300, V1 5,818 / 7,446 at 20 % / 36 %); V1, V2, S p. 22`,
    items: { TAX_CREDIT_RATE: '0.0505', BASIC_PERSONAL: '12989', SURTAX_THRESHOLD1: '5818', SURTAX_RATE1: '0.20', SURTAX_THRESHOLD2: '7446', SURTAX_RATE2: '0.36', TAX_REDUCTION: '300' },
    brackets: [
      ['0', '0.0505'],
      ['53891', '0.0915'],
      ['107785', '0.1116'],
      ['150000', '0.1216'],
      ['220000', '0.1316'],
    ],
    healthPremium: OHP,
  },
  // Québec: QPP, Québec EI, QPIP (the pension and EI items under QC replace the federal ones for QC employees), and
  // Québec income tax (TP-1015.F s. 2.1.1: I = P × (G − F − H − CSA), Y = T × I − K − 0.14 × E − 0.15 × P × (Q + Q1)).
  {
    jurisdiction: 'QC',
    from: '2025-01-01',
    source: `${TP1015_2025} p. 5 (brackets, K, basic amount), p. 6 & 13 (H), p. 7 (QPP, QPIP), p. 15 (Y), p. 38 (PM); EI: ${T4127_120} T8.7 p. 33`,
    items: {
      PENSION_YMPE: '71300',
      PENSION_YAMPE: '81200',
      PENSION_EXEMPTION: '3500',
      PENSION_RATE: '0.064',
      PENSION_BASE_RATE: '0.054',
      PENSION_MAX: '4339.20',
      PENSION2_RATE: '0.04',
      PENSION2_MAX: '396.00',
      // TP-1015.F p. 38 defines PM by TP-1015.G part 4.5 (not at hand); 18 as the CPP's (T4127 p. 29–30).
      PENSION_START_AGE: '18',
      EI_RATE: '0.0131',
      EI_MAX_INSURABLE: '65700',
      EI_MAX: '860.67',
      QPIP_RATE: '0.00494',
      QPIP_EMPLOYER_RATE: '0.00692',
      QPIP_MAX_INSURABLE: '98000',
      TAX_CREDIT_RATE: '0.14',
      BASIC_PERSONAL: '18571',
      WORKER_DEDUCTION_RATE: '0.06',
      WORKER_DEDUCTION_MAX: '1420',
      // Y credits no QPP, EI or QPIP contribution (p. 15).
      CONTRIBUTIONS_CREDITED: '0',
      // Q and Q1 (FTQ, Fondaction) at 15 % (p. 15; no annual maximum in the formula).
      LABOUR_FUND_RATE: '0.15',
      // F (p. 13) holds no union dues: they are not deducted from the Québec income at source.
      UNION_DUES_DEDUCTED: '0',
    },
    // The printed constants (p. 5): not T4127's rule (53,255 × 5 % = 2,662.75 would round to 2,663).
    brackets: [
      ['0', '0.14', '0'],
      ['53255', '0.19', '2662'],
      ['106495', '0.24', '7987'],
      ['129590', '0.2575', '10255'],
    ],
  },
  {
    jurisdiction: 'QC',
    from: '2026-01-01',
    source: `${TP1015_2026} p. 5 (brackets, K, basic amount), p. 6 & 13 (H), p. 7 (QPP, QPIP), p. 15 (Y), p. 38 (PM); EI: ${T4127_122} T8.7 p. 34`,
    items: {
      PENSION_YMPE: '74600',
      PENSION_YAMPE: '85000',
      PENSION_EXEMPTION: '3500',
      PENSION_RATE: '0.063',
      PENSION_BASE_RATE: '0.053',
      PENSION_MAX: '4479.30',
      PENSION2_RATE: '0.04',
      PENSION2_MAX: '416.00',
      EI_RATE: '0.013',
      EI_MAX_INSURABLE: '68900',
      EI_MAX: '895.70',
      QPIP_RATE: '0.0043',
      QPIP_EMPLOYER_RATE: '0.00602',
      QPIP_MAX_INSURABLE: '103000',
      TAX_CREDIT_RATE: '0.14',
      BASIC_PERSONAL: '18952',
      WORKER_DEDUCTION_RATE: '0.06',
      WORKER_DEDUCTION_MAX: '1450',
      CONTRIBUTIONS_CREDITED: '0',
      LABOUR_FUND_RATE: '0.15',
      UNION_DUES_DEDUCTED: '0',
    },
    // Printed (p. 5, 15): 0.0175 × 132,245 + 8,151.25 = 10,465.54 would round to 10,466.
    brackets: [
      ['0', '0.14', '0'],
      ['54345', '0.19', '2717'],
      ['108680', '0.24', '8151'],
      ['132245', '0.2575', '10465'],
    ],
  },
  // Manitoba: indexed in January 2025 (120th ed.), then frozen at 2024's figures by its 2025 budget (the 2025 annual
  // figures of the 122nd ed. Table 8.22 p. 40 are 47,000 and 100,000, as 2026's), prorated from July 2025.
  {
    jurisdiction: 'MB',
    from: '2025-01-01',
    source: `${T4127_120}: T8.1 p. 31 (47,564, 101,200); BPAMB p. 9 (15,969, reduced on NI 200,000–400,000 to 0); T8.2 p. 32 (LCP 15 %, 1,800)`,
    items: { TAX_CREDIT_RATE: '0.108', BASIC_PERSONAL: '15969', BASIC_PERSONAL_REDUCED_FROM: '200000', BASIC_PERSONAL_REDUCED_TO: '400000', BASIC_PERSONAL_MIN: '0', LABOUR_FUND_RATE: '0.15', LABOUR_FUND_MAX: '1800' },
    brackets: [
      ['0', '0.108'],
      ['47564', '0.1275'],
      ['101200', '0.174'],
    ],
  },
  {
    jurisdiction: 'MB',
    from: '2025-07-01',
    // KP = 2 × annual − January: 2 × 917 − 927 = 907 → 907 / 0.0195 = 46,513; 2 × 5,567 − 5,633 = 5,501 →
    // 46,513 + (5,501 − 907) / 0.0465 = 98,796 (122nd T8.22 p. 40; 120th T8.1 p. 31); BPAMB 2 × 15,780 − 15,969.
    source: `${T4127_121}: MB 46,513, 98,796 (KP 907, 5,501), BPAMB 15,591 from 122nd T8.22 p. 40, p. 10 and 120th T8.1 p. 31, p. 9`,
    items: { BASIC_PERSONAL: '15591' },
    brackets: [
      ['0', '0.108'],
      ['46513', '0.1275'],
      ['98796', '0.174'],
    ],
  },
  {
    jurisdiction: 'MB',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32 (47,000, 100,000); BPAMB p. 10 (15,780, reduced on NI 200,000–400,000 to 0); T8.2 p. 33 (LCP)`,
    items: { BASIC_PERSONAL: '15780' },
    brackets: [
      ['0', '0.108'],
      ['47000', '0.1275'],
      ['100000', '0.174'],
    ],
  },
  // The other provinces and territories, 2026: Table 8.1 p. 32 (A, V, KP) and Table 8.2 p. 33 (basic amount, LCP, CEA, S2).
  {
    jurisdiction: 'SK',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32 (54,532, 155,805); T8.2 p. 33 (basic amount 20,381; LCP 17.5 %, 875)`,
    items: { TAX_CREDIT_RATE: '0.105', BASIC_PERSONAL: '20381', LABOUR_FUND_RATE: '0.175', LABOUR_FUND_MAX: '875' },
    brackets: [
      ['0', '0.105'],
      ['54532', '0.125'],
      ['155805', '0.145'],
    ],
  },
  {
    jurisdiction: 'AB',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32; T8.2 p. 33 (basic amount 22,769); K5P = ((K1P + K2P) − 4,896) × 0.25, p. 21`,
    // K5P: 4,896 = 61,200 × 8 % (the first bracket's top at its rate), 25 % = (10 % − 8 %) / 8 %.
    items: { TAX_CREDIT_RATE: '0.08', BASIC_PERSONAL: '22769', CREDIT_SUPPLEMENT_BASE: '4896', CREDIT_SUPPLEMENT_RATE: '0.25' },
    brackets: [
      ['0', '0.08'],
      ['61200', '0.10'],
      ['154259', '0.12'],
      ['185111', '0.13'],
      ['246813', '0.14'],
      ['370220', '0.15'],
    ],
  },
  {
    jurisdiction: 'BC',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32; T8.2 p. 33 (basic amount 13,216, S2 575); S p. 21 (575 − (A − 25,570) × 3.56 %, none over 41,722)`,
    items: { TAX_CREDIT_RATE: '0.0506', BASIC_PERSONAL: '13216', LOW_INCOME_REDUCTION: '575', LOW_INCOME_THRESHOLD: '25570', LOW_INCOME_RATE: '0.0356', LOW_INCOME_CEILING: '41722' },
    brackets: BC_2026,
  },
  {
    jurisdiction: 'BC',
    from: '2026-07-01',
    // Annual 5.60 % and 690 (p. 4), prorated: 2 × 5.60 − 5.06 = 6.14 %, 2 × 690 − 575 = 805.
    source: `${T4127_123}: T8.1 p. 11 (lowest rate 6.14 %, prorated); T8.2 p. 12 (S2 805); S p. 8 (805 − (A − 25,570) × 3.56 %, none over 44,952)`,
    items: { TAX_CREDIT_RATE: '0.0614', LOW_INCOME_REDUCTION: '805', LOW_INCOME_CEILING: '44952' },
    brackets: BC_2026.map(([threshold, rate], index) => [threshold, index === 0 ? '0.0614' : rate]),
  },
  {
    jurisdiction: 'NB',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32 (52,333, 104,666, 193,861); T8.2 p. 33 (basic amount 13,664; LCP 20 %, 2,000)`,
    items: { TAX_CREDIT_RATE: '0.094', BASIC_PERSONAL: '13664', LABOUR_FUND_RATE: '0.20', LABOUR_FUND_MAX: '2000' },
    brackets: [
      ['0', '0.094'],
      ['52333', '0.14'],
      ['104666', '0.16'],
      ['193861', '0.195'],
    ],
  },
  {
    jurisdiction: 'NL',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32 (8 brackets); T8.2 p. 33 (basic amount 11,188)`,
    items: { TAX_CREDIT_RATE: '0.087', BASIC_PERSONAL: '11188' },
    brackets: [
      ['0', '0.087'],
      ['44678', '0.145'],
      ['89354', '0.158'],
      ['159528', '0.178'],
      ['223340', '0.198'],
      ['285319', '0.208'],
      ['570638', '0.213'],
      ['1141275', '0.218'],
    ],
  },
  {
    jurisdiction: 'NL',
    from: '2026-07-01',
    // Annual 13,094 (p. 4), prorated: 2 × 13,094 − 11,188 = 15,000.
    source: `${T4127_123}: T8.2 p. 12 (basic amount 15,000, prorated; annual 13,094, p. 4); K1P p. 8`,
    items: { BASIC_PERSONAL: '15000' },
  },
  {
    jurisdiction: 'NS',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32; T8.2 p. 33 (basic amount 11,932; LCP 20 %, 2,000)`,
    items: { TAX_CREDIT_RATE: '0.0879', BASIC_PERSONAL: '11932', LABOUR_FUND_RATE: '0.20', LABOUR_FUND_MAX: '2000' },
    brackets: [
      ['0', '0.0879'],
      ['30995', '0.1495'],
      ['61991', '0.1667'],
      ['97417', '0.175'],
      ['157124', '0.21'],
    ],
  },
  {
    jurisdiction: 'PE',
    from: '2026-01-01',
    // No surtax (Table 8.2 p. 33 has none for PE).
    source: `${T4127_122}: T8.1 p. 32 (5th threshold 142,520, KP 6,464: "*Updated May 2026"); T8.2 p. 33 (basic amount 15,000)`,
    items: { TAX_CREDIT_RATE: '0.095', BASIC_PERSONAL: '15000' },
    brackets: PE_2026,
  },
  {
    jurisdiction: 'PE',
    from: '2026-07-01',
    // Annual 20 % over 200,000 (p. 4), prorated 2 × 20 − 19 = 21 %: KP 10,464 = 6,464 + 0.02 × 200,000.
    source: `${T4127_123}: T8.1 p. 11 (a 6th bracket over 200,000 at 21 %, prorated; annual 20 %, p. 4)`,
    items: {},
    brackets: [...PE_2026, ['200000', '0.21']],
  },
  {
    jurisdiction: 'YT',
    from: '2026-01-01',
    // BPAYT = BPAF (p. 10); Yukon has the Canada employment amount credit K4P (Table 8.2).
    source: `${T4127_122}: T8.1 p. 32; T8.2 p. 33 (BPAYT, CEA 1,501); BPAYT = BPAF p. 10 (16,452, reduced on NI 181,440–258,482 to 14,829)`,
    items: { TAX_CREDIT_RATE: '0.064', BASIC_PERSONAL: '16452', BASIC_PERSONAL_REDUCED_FROM: '181440', BASIC_PERSONAL_REDUCED_TO: '258482', BASIC_PERSONAL_MIN: '14829', EMPLOYMENT_AMOUNT: '1501' },
    brackets: [
      ['0', '0.064'],
      ['58523', '0.09'],
      ['117045', '0.109'],
      ['181440', '0.128'],
      ['500000', '0.15'],
    ],
  },
  {
    jurisdiction: 'NT',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32 (53,003, 106,009, 172,346); T8.2 p. 33 (basic amount 18,198)`,
    items: { TAX_CREDIT_RATE: '0.059', BASIC_PERSONAL: '18198' },
    brackets: [
      ['0', '0.059'],
      ['53003', '0.086'],
      ['106009', '0.122'],
      ['172346', '0.1405'],
    ],
  },
  {
    jurisdiction: 'NU',
    from: '2026-01-01',
    source: `${T4127_122}: T8.1 p. 32 (55,801, 111,602, 181,439); T8.2 p. 33 (basic amount 19,659)`,
    items: { TAX_CREDIT_RATE: '0.04', BASIC_PERSONAL: '19659' },
    brackets: [
      ['0', '0.04'],
      ['55801', '0.07'],
      ['111602', '0.09'],
      ['181439', '0.115'],
    ],
  },
];

/** T4127's bracket constants: K₁ = 0, Kᵢ = Kᵢ₋₁ + (Rᵢ − Rᵢ₋₁) × thresholdᵢ (exact), each rounded to the dollar. */
export function bracketConstants(brackets: readonly BracketRow[]): Decimal[] {
  let exact: Decimal = '0';
  return brackets.map(([threshold, rate], index) => {
    if (index > 0) exact = add(exact, mul(sub(rate, brackets[index - 1]![1]), threshold, 6));
    return round(exact, 0);
  });
}

/**
 * The tables in force on `date` for `jurisdictions` straight from EDITIONS, as `loadTables` reads them once seeded
 * (the latest effective date ≤ date per item and per bracket set; values at the columns' scales): for calculations
 * checked without a database (publishers-examples.test.ts; deductions.test.ts asserts both give the same).
 */
export function editionTables(date: string, jurisdictions: readonly string[]): PayTables {
  const tables: PayTables = { date, edition: '', rates: new Map(), brackets: new Map() };
  const editions = EDITIONS.filter((edition) => jurisdictions.includes(edition.jurisdiction) && edition.from <= date).sort((x, y) => x.from.localeCompare(y.from));
  for (const edition of editions) {
    const constants = bracketConstants(edition.brackets ?? []);
    const sets: [string, Bracket[]][] = [
      ['Tax', (edition.brackets ?? []).map(([threshold, rate, printed], index) => ({ threshold: round(threshold, 2), rate: round(rate, 6), constant: round(printed ?? constants[index]!, 2), cap: null }))],
      ['HealthPremium', (edition.healthPremium ?? []).map(([threshold, rate, amount, cap]) => ({ threshold: round(threshold, 2), rate: round(rate, 6), constant: round(amount, 2), cap: round(cap, 2) }))],
    ];
    for (const [item, value] of Object.entries(edition.items)) tables.rates.set(`${edition.jurisdiction}:${item}`, round(value, 6));
    for (const [kind, list] of sets) if (list.length > 0) tables.brackets.set(`${edition.jurisdiction}:${kind}`, list);
    if (Object.keys(edition.items).length > 0 || sets.some(([, list]) => list.length > 0)) tables.edition = edition.from;
  }
  return tables;
}

const trail = (now: string) => ({ created_by: 'seed', created_on: now, updated_by: 'seed', updated_on: now, version: 1 });

/**
 * Loads every edition not loaded yet (by jurisdiction and date), and loads again an edition revised here (its
 * source text changed: figures corrected or verified) while every row of it is still the seed's — rows a user
 * changed on the Contribution maintenance or Tax tables screens stand.
 */
export async function seedTables(db: SeedDb): Promise<void> {
  const now = new Date().toISOString();
  for (const edition of EDITIONS) {
    const source = edition.source.slice(0, 200);
    const loaded = [
      ...((await db.selectFrom('pr_statutory_rates').select(['source', 'updated_by']).where('jurisdiction', '=', edition.jurisdiction).where('effective_from', '=', edition.from).execute()) as { source: string; updated_by: string }[]),
      ...((await db.selectFrom('pr_tax_brackets').select(['source', 'updated_by']).where('jurisdiction', '=', edition.jurisdiction).where('effective_from', '=', edition.from).execute()) as { source: string; updated_by: string }[]),
    ];
    if (loaded.length > 0) {
      const revised = loaded.some((row) => row.source !== source);
      if (!revised || loaded.some((row) => row.updated_by !== 'seed')) continue;
      for (const table of ['pr_statutory_rates', 'pr_tax_brackets']) await db.deleteFrom(table).where('jurisdiction', '=', edition.jurisdiction).where('effective_from', '=', edition.from).execute();
    }
    const rows = Object.entries(edition.items).map(([item, value]) => ({
      jurisdiction: edition.jurisdiction,
      effective_from: edition.from,
      item,
      value: decimalToDb(db, round(value, 6), 6),
      source,
      ...trail(now),
    }));
    if (rows.length > 0) await db.insertInto('pr_statutory_rates').values(rows).execute();
    const brackets = edition.brackets ?? [];
    const constants = bracketConstants(brackets);
    const bracketRows = [
      ...brackets.map(([threshold, rate, printed], index) => ({ kind: 'Tax', threshold, rate, constant: printed ?? constants[index]!, cap: null as string | null })),
      ...(edition.healthPremium ?? []).map(([threshold, rate, amount, cap]) => ({ kind: 'HealthPremium', threshold, rate, constant: amount, cap })),
    ].map((row) => ({
      jurisdiction: edition.jurisdiction,
      effective_from: edition.from,
      kind: row.kind,
      threshold: decimalToDb(db, round(row.threshold, 2), 2),
      rate: decimalToDb(db, round(row.rate, 6), 6),
      constant: decimalToDb(db, round(row.constant, 2), 2),
      cap: row.cap === null ? null : decimalToDb(db, round(row.cap, 2), 2),
      source,
      ...trail(now),
    }));
    if (bracketRows.length > 0) await db.insertInto('pr_tax_brackets').values(bracketRows).execute();
  }
}
