/**
 * The statutory tables the deductions engine reads (issue 29 item 3), loaded as data into `pr_statutory_rates`
 * and `pr_tax_brackets` — kept afterwards on the Contribution maintenance and Tax tables screens. One entry per
 * jurisdiction and edition (effective date); a bracket's constant K is T4127's definition, computed here from
 * the rates and thresholds: K₁ = 0, Kᵢ = Kᵢ₋₁ + (Rᵢ − Rᵢ₋₁) × thresholdᵢ, rounded to the dollar at the end — or,
 * where the publisher prints constants no such rule gives (Revenu Québec's), the printed one, given with the row.
 *
 * Sources, per entry (`source`, at most 200 characters: the detail is here):
 * - CPP/CPP2/QPP and EI/QPIP 2025: DOMAIN-NOTES §1.3, §1.4 ([S5]–[S10]); the 2025 brackets: the 120th and 121st
 *   editions as the CRA's PDOC results confirm them (modules/pr/test/deductions.test.ts).
 * - 2026, every federal, provincial and territorial figure (checked 2026-11-25, issue 45 item 5) against the CRA's
 *   own machine-readable tables of the T4127 122nd edition (January 1, 2026) and 123rd (July 1, 2026): Table 8.1
 *   "Rates (R, V), income thresholds (A), and constants (K, KP)" (rtsncmtrshldcnstnt-01-26e.csv; July:
 *   rates-income-thresholds-constants-26e.csv), Table 8.2 "Other rates and amounts" (thrrtsmnts-01-26e.csv; July:
 *   other-rates-amounts-26e.csv), Tables 8.3, 8.4, 8.6 (CPP/QPP) and 8.7 (EI) — the CRA's CSV files as vendored
 *   unmodified in the public repository savcode066/coop-tax-calculator (params/sources/t4127-2026-01 and -07).
 *   Every threshold, rate, basic amount, S2 (Ontario's 300, British Columbia's 575 / 805), surtax tier and CPP/EI
 *   figure below equals those tables, and the constants computed here equal Table 8.1's K and KP
 *   (deductions.test.ts asserts every one). Table 8.1 of January marks PE's fifth threshold 142,520 "Updated May 2026".
 * - Not in those tables: Alberta's K5P (T4127 chapter 6 text: 4,896 and 25 %, here from a public transcription) and
 *   British Columbia's reduction phase-out (25,570; 3.56 %: a transcription and the PDOC's cases); both say so.
 *   K5P's figures are Table 8.1's AB row all the same: 4,896 = 61,200 × 8 % (the first bracket's top times its
 *   rate) and 25 % = (10 % − 8 %) / 8 % — credits above the first bracket earn the second rate (deductions.test.ts).
 * - Manitoba's BPAMB (Table 8.2 names the formula, not an amount): 15,969 (2025), 15,591 (July 2025 prorated),
 *   15,780 (2026) reduced linearly on net income from 200,000 to nil at 400,000 ("Where NI ≤ $200,000, BPAMB =
 *   …; Where NI ≥ $400,000, BPAMB = $0"). The CRA's own text was not reachable here: the rule is as transcribed
 *   from T4127 (120th–122nd editions) by four public payroll engines that agree, and Manitoba's Budget 2024 as
 *   summarized by EY (phase-out between 200,000 and 400,000 of net income from the 2025 tax year); unverified.
 * - Québec income tax is Revenu Québec's TP-1015.F-V, not T4127: 2025 and 2026 brackets, rates, printed constants K
 *   (0 / 2,662 / 7,987 / 10,255; 0 / 2,717 / 8,151 / 10,465 — not the T4127 formula's), basic amount, the deduction
 *   for workers (6 %, at most 1,420 / 1,450) and Y = T × I − K − 0.14 × E (no contributions credited), as transcribed
 *   from TP-1015.F-V (2025-01) and (2026-01), p. 5–6 and Appendix 1, in the public repository braedonsaunders/openbooks
 *   (engine/src/payroll/canada/quebec/); the 2026 brackets also agree with Finances Québec's indexation (three public
 *   reports). The guide's Appendix 1 results without share purchases are tests (deductions.test.ts).
 * - QPIP 2026 (103,000; 0.430 % / 0.602 %): wcbc.ca "2026 contribution limits" citing Revenu Québec, and TP-1015.F-V
 *   (2026-01) p. 7 (103,000) as transcribed in braedonsaunders/openbooks.
 */
import { add, mul, round, sub, type Decimal } from '@erp/shared/decimal';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import type { AnyDb } from '@erp/server/entities/hooks';
import type { RateItem } from '../definitions/common.ts';

type BracketRow = [threshold: string, rate: string, constant?: string];

interface Edition {
  jurisdiction: string;
  from: string;
  source: string;
  items: Partial<Record<RateItem, string>>;
  /** [threshold, rate, the publisher's printed constant when it is not T4127's K] from the lowest bracket. */
  brackets?: BracketRow[];
  /** Ontario Health Premium: [threshold, rate, amount at the threshold, cap]. */
  healthPremium?: [string, string, string, string][];
}

const T4127_2025 = 'CRA T4127 120th edition (January 1, 2025)';
/** The CRA's tables of the 2026 editions (see the header: the CSV files of Tables 8.1 and 8.2). */
const T8_JAN = 'CRA T4127 122nd ed. (Jan 1, 2026) Tables 8.1, 8.2';
const T8_JUL = 'CRA T4127 123rd ed. (Jul 1, 2026) Tables 8.1, 8.2';
const T4127_2025_JULY = 'CRA T4127 121st edition (July 1, 2025): lowest federal rate 14 % (the PDOC cases of July 2025)';
/**
 * The July 2026 edition (123rd): mid-year changes for BC, NL and PE only, each prorated over July–December so that
 * the year averages to the new annual figure (2 × annual − January's); its Tables 8.1 and 8.2 print the prorated ones.
 */

const CPP_2025 = {
  PENSION_YMPE: '71300',
  PENSION_YAMPE: '81200',
  PENSION_EXEMPTION: '3500',
  PENSION_RATE: '0.0595',
  PENSION_BASE_RATE: '0.0495',
  PENSION_MAX: '4034.10',
  PENSION2_RATE: '0.04',
  PENSION2_MAX: '396.00',
  // T4001: from the month after the 18th birthday through the month of the 70th (CPP).
  PENSION_START_AGE: '18',
  PENSION_END_AGE: '70',
  EI_RATE: '0.0164',
  EI_MAX_INSURABLE: '65700',
  EI_MAX: '1077.48',
  EI_EMPLOYER_FACTOR: '1.4',
  ABATEMENT: '0.165',
};
const FEDERAL_2025: [string, string][] = [
  ['0', '0.15'],
  ['57375', '0.205'],
  ['114750', '0.26'],
  ['177882', '0.29'],
  ['253414', '0.33'],
];
/** British Columbia 2026 (gov.bc.ca personal income tax rates, 2026: brackets indexed by BC CPI 2.2 %); the lowest rate is each edition's. */
const BC_2026: [string, string][] = [
  ['0', '0.056'],
  ['50363', '0.077'],
  ['100728', '0.105'],
  ['115648', '0.1229'],
  ['140430', '0.147'],
  ['190405', '0.168'],
  ['265545', '0.205'],
];
/** Prince Edward Island 2026 (January; July adds a bracket over 200,000). */
const PE_2026: [string, string][] = [
  ['0', '0.095'],
  ['33928', '0.1347'],
  ['65820', '0.166'],
  ['106890', '0.1762'],
  ['142520', '0.19'],
];
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
  { jurisdiction: 'CA', from: '2025-01-01', source: `${T4127_2025}; CPP/EI: DOMAIN-NOTES §1.3–1.4; CPP ages 18–70: T4001`, items: { ...CPP_2025, TAX_CREDIT_RATE: '0.15', BASIC_PERSONAL: '16129', EMPLOYMENT_AMOUNT: '1471' }, brackets: FEDERAL_2025 },
  {
    jurisdiction: 'CA',
    from: '2025-07-01',
    source: T4127_2025_JULY,
    items: { TAX_CREDIT_RATE: '0.14' },
    brackets: FEDERAL_2025.map(([threshold, rate], index) => [threshold, index === 0 ? '0.14' : rate]),
  },
  {
    jurisdiction: 'CA',
    from: '2026-01-01',
    source: `${T8_JAN} (brackets, CEA 1,501, abatement), 8.3, 8.4, 8.6 (CPP, CPP2), 8.7 (EI), 8.9 (BPAF claim code 1: 16,452); the PDOC cases`,
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
      EI_EMPLOYER_FACTOR: '1.4',
      ABATEMENT: '0.165',
      TAX_CREDIT_RATE: '0.14',
      BASIC_PERSONAL: '16452',
      EMPLOYMENT_AMOUNT: '1501',
    },
    brackets: [
      ['0', '0.14'],
      ['58523', '0.205'],
      ['117045', '0.26'],
      ['181440', '0.29'],
      ['258482', '0.33'],
    ],
  },
  // Ontario: brackets, credits, surtax, tax reduction, health premium.
  {
    jurisdiction: 'ON',
    from: '2025-01-01',
    source: T4127_2025,
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
    source: `${T8_JAN}: brackets, basic amount 12,989, surtax 5,818 / 7,446 (20 %, 36 %), tax reduction S2 300; health premium: the PDOC's Ontario cases`,
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
  // Québec: QPP, Québec EI, QPIP (the pension and EI items under QC replace the federal ones for QC employees).
  {
    jurisdiction: 'QC',
    from: '2025-01-01',
    source: 'QPP/EI/QPIP: DOMAIN-NOTES §1.3–1.4; income tax: Revenu Québec TP-1015.F-V (2025-01) p. 5–6, Appendix 1 (a public transcription); brackets also Finances Québec',
    items: {
      PENSION_YMPE: '71300',
      PENSION_YAMPE: '81200',
      PENSION_EXEMPTION: '3500',
      PENSION_RATE: '0.064',
      PENSION_BASE_RATE: '0.054',
      PENSION_MAX: '4339.20',
      PENSION2_RATE: '0.04',
      PENSION2_MAX: '396.00',
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
      CONTRIBUTIONS_CREDITED: '0',
    },
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
    source: 'QPP, QC EI: CRA T4127 122nd ed. Tables 8.3, 8.4, 8.6, 8.7; QPIP: wcbc.ca (Revenu Québec); income tax: TP-1015.F-V (2026-01) p. 5–6, Appendix 1 (a public transcription)',
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
    },
    brackets: [
      ['0', '0.14', '0'],
      ['54345', '0.19', '2717'],
      ['108680', '0.24', '8151'],
      ['132245', '0.2575', '10465'],
    ],
  },
  // Manitoba: indexed in January 2025, then frozen at 2024's figures by its March 2025 budget (the July 2025
  // edition prorates the return to them over July–December), not indexed in 2026.
  {
    jurisdiction: 'MB',
    from: '2025-01-01',
    source: `${T4127_2025}: MB 47,564, 101,200, basic amount 15,969 (as transcribed in a public payroll engine); BPAMB reduced on NI 200,000–400,000 to 0 (unverified: transcriptions)`,
    // BPAMB (Manitoba Budget 2024, from 2025): reduced on net income between 200,000 and 400,000, nil above.
    items: { TAX_CREDIT_RATE: '0.108', BASIC_PERSONAL: '15969', BASIC_PERSONAL_REDUCED_FROM: '200000', BASIC_PERSONAL_REDUCED_TO: '400000', BASIC_PERSONAL_MIN: '0' },
    brackets: [
      ['0', '0.108'],
      ['47564', '0.1275'],
      ['101200', '0.174'],
    ],
  },
  {
    jurisdiction: 'MB',
    from: '2025-07-01',
    source: `CRA T4127 121st edition (July 1, 2025), prorated July–December: MB 46,513, 98,796, basic amount 15,591 (a public transcription and Dayforce's tax tables notice 2025-10 agree)`,
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
    source: `${T8_JAN}: MB 47,000, 100,000 (frozen at 2024's); basic amount 15,780 (Table 8.2: BPAMB, reduced on NI 200,000–400,000 from 2025's edition) and the PDOC cases`,
    items: { BASIC_PERSONAL: '15780' },
    brackets: [
      ['0', '0.108'],
      ['47000', '0.1275'],
      ['100000', '0.174'],
    ],
  },
  // Saskatchewan.
  {
    jurisdiction: 'SK',
    from: '2026-01-01',
    // The earlier transcription had 2024's thresholds (52,057; 148,734): the PDOC case needs 54,532.
    source: `${T8_JAN}: SK 54,532, 155,805, basic amount 20,381; the PDOC case`,
    items: { TAX_CREDIT_RATE: '0.105', BASIC_PERSONAL: '20381' },
    brackets: [
      ['0', '0.105'],
      ['54532', '0.125'],
      ['155805', '0.145'],
    ],
  },
  // The other provinces and territories, 2026 (T4127 122nd edition figures as found; see the header for the checks).
  {
    jurisdiction: 'AB',
    from: '2026-01-01',
    source: `${T8_JAN}: AB brackets, basic amount 22,769; the PDOC cases. K5P 4,896 × 25 %: unverified (not in the tables; a public transcription of T4127)`,
    // K5P: credits above 61,200 × 8 % earn the 10 % rate again: ((K1P + K2P) − 4,896) × (0.10 − 0.08)/0.08.
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
    source: `${T8_JAN}: BC brackets, basic amount 13,216, reduction S2 575; its phase-out 25,570, 3.56 %: a transcription and the PDOC's cases (not in the tables)`,
    items: { TAX_CREDIT_RATE: '0.0506', BASIC_PERSONAL: '13216', LOW_INCOME_REDUCTION: '575', LOW_INCOME_THRESHOLD: '25570', LOW_INCOME_RATE: '0.0356' },
    brackets: BC_2026.map(([threshold, rate], index) => [threshold, index === 0 ? '0.0506' : rate]),
  },
  {
    jurisdiction: 'BC',
    from: '2026-07-01',
    // BC Budget 2026 (Feb 17, 2026): lowest rate 5.60 % and reduction 690 for the year; the July edition bills
    // 6.14 % (2 × 5.60 − 5.06) and 805 (2 × 690 − 575) for July–December.
    source: `${T8_JUL}: BC lowest rate 6.14 % (annual 5.60 %, T4032BC July), S2 805 (annual 690), prorated July–December`,
    items: { TAX_CREDIT_RATE: '0.0614', LOW_INCOME_REDUCTION: '805' },
    brackets: BC_2026.map(([threshold, rate], index) => [threshold, index === 0 ? '0.0614' : rate]),
  },
  {
    jurisdiction: 'NB',
    from: '2026-01-01',
    source: `${T8_JAN}: NB 52,333, 104,666, 193,861, basic amount 13,664; the PDOC case`,
    items: { TAX_CREDIT_RATE: '0.094', BASIC_PERSONAL: '13664' },
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
    source: `${T8_JAN}: NL brackets (8), basic amount 11,188; the PDOC case`,
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
    // Budget 2026 (April): basic amount 13,094 for the year, billed at 15,000 for July–December.
    source: `${T8_JUL}: NL basic amount 15,000 (annual 13,094, T4008NL July), prorated July–December`,
    items: { BASIC_PERSONAL: '15000' },
  },
  {
    jurisdiction: 'NS',
    from: '2026-01-01',
    source: `${T8_JAN}: NS brackets, basic amount 11,932; the PDOC cases`,
    items: { TAX_CREDIT_RATE: '0.0879', BASIC_PERSONAL: '11932' },
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
    // No surtax: PEI's 10 % surtax was eliminated for 2024 (EY tax alert 2023 no. 22).
    source: `${T8_JAN}: PE brackets (142,520 "Updated May 2026"; was mistyped 142,250 here), basic amount 15,000; the PDOC case`,
    items: { TAX_CREDIT_RATE: '0.095', BASIC_PERSONAL: '15000' },
    brackets: PE_2026,
  },
  {
    jurisdiction: 'PE',
    from: '2026-07-01',
    // A new top bracket over 200,000 (20 % for the year) billed at 21 % for July–December.
    source: `${T8_JUL}: PE top bracket over 200,000 at 21 % (annual 20 %, T4032PE July), prorated July–December`,
    items: {},
    brackets: [...PE_2026, ['200000', '0.21']],
  },
  {
    jurisdiction: 'YT',
    from: '2026-01-01',
    // Yukon follows the federal basic amount and has the Canada employment amount credit (K4P).
    source: `${T8_JAN}: YT brackets, CEA 1,501, basic amount BPAYT (16,452 at claim code 1: its reduction over 181,440 not modelled); the PDOC case`,
    items: { TAX_CREDIT_RATE: '0.064', BASIC_PERSONAL: '16452', EMPLOYMENT_AMOUNT: '1501' },
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
    source: `${T8_JAN}: NT 53,003, 106,009, 172,346, basic amount 18,198; the PDOC case`,
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
    source: `${T8_JAN}: NU 55,801, 111,602, 181,439, basic amount 19,659; the PDOC case`,
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

const trail = (now: string) => ({ created_by: 'seed', created_on: now, updated_by: 'seed', updated_on: now, version: 1 });

/**
 * Loads every edition not loaded yet (by jurisdiction and date), and loads again an edition revised here (its
 * source text changed: figures corrected or verified) while every row of it is still the seed's — rows a user
 * changed on the Contribution maintenance or Tax tables screens stand.
 */
export async function seedTables(db: AnyDb): Promise<void> {
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
