/**
 * The statutory tables the deductions engine reads (issue 29 item 3), loaded as data into `pr_statutory_rates`
 * and `pr_tax_brackets` — kept afterwards on the Contribution maintenance and Tax tables screens. One entry per
 * jurisdiction and edition (effective date); a bracket's constant K is T4127's definition, computed here from
 * the rates and thresholds: K₁ = 0, Kᵢ = Kᵢ₋₁ + (Rᵢ − Rᵢ₋₁) × thresholdᵢ, rounded to the dollar at the end.
 *
 * Sources, per entry (`source`):
 * - CPP/CPP2/QPP and EI/QPIP 2025: DOMAIN-NOTES §1.3, §1.4 ([S5]–[S10]).
 * - 2026 (T4127 122nd edition, January 1, 2026, chapter 8) and the 2025 tax brackets (120th and 121st
 *   editions): as published by the CRA; the figures marked "unverified" were derived here (indexation or
 *   the mid-year rate change) and must be checked against the PDF before production use.
 * - Québec income tax is Revenu Québec's (TP-1015.F-V), not T4127: brackets and basic amount, unverified.
 */
import { add, mul, round, sub, type Decimal } from '@erp/shared/decimal';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import type { AnyDb } from '@erp/server/entities/hooks';
import type { RateItem } from '../definitions/common.ts';

interface Edition {
  jurisdiction: string;
  from: string;
  source: string;
  items: Partial<Record<RateItem, string>>;
  /** [threshold, rate] from the lowest bracket. */
  brackets?: [string, string][];
  /** Ontario Health Premium: [threshold, rate, amount at the threshold, cap]. */
  healthPremium?: [string, string, string, string][];
}

const T4127_2025 = 'CRA T4127 120th edition (January 1, 2025)';
const T4127_2025_JULY = 'CRA T4127 121st edition (July 1, 2025): lowest federal rate 14 % (unverified)';
const T4127_2026 = 'CRA T4127 122nd edition (January 1, 2026), chapter 8';

const CPP_2025 = {
  PENSION_YMPE: '71300',
  PENSION_YAMPE: '81200',
  PENSION_EXEMPTION: '3500',
  PENSION_RATE: '0.0595',
  PENSION_BASE_RATE: '0.0495',
  PENSION_MAX: '4034.10',
  PENSION2_RATE: '0.04',
  PENSION2_MAX: '396.00',
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
  { jurisdiction: 'CA', from: '2025-01-01', source: `${T4127_2025}; CPP/EI: DOMAIN-NOTES §1.3–1.4`, items: { ...CPP_2025, TAX_CREDIT_RATE: '0.15', BASIC_PERSONAL: '16129', EMPLOYMENT_AMOUNT: '1471' }, brackets: FEDERAL_2025 },
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
    source: `${T4127_2026}; CEA 1,501 unverified (2025 × 1.020)`,
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
    source: `${T4127_2026}; basic amount, surtax thresholds and tax reduction: 2025 × 1.019 (unverified)`,
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
    source: 'QPP/EI/QPIP: DOMAIN-NOTES §1.3–1.4 [S7]–[S10]; income tax: Revenu Québec TP-1015.F-V (unverified)',
    items: {
      PENSION_YMPE: '71300',
      PENSION_YAMPE: '81200',
      PENSION_EXEMPTION: '3500',
      PENSION_RATE: '0.064',
      PENSION_BASE_RATE: '0.054',
      PENSION_MAX: '4339.20',
      PENSION2_RATE: '0.04',
      PENSION2_MAX: '396.00',
      EI_RATE: '0.0131',
      EI_MAX_INSURABLE: '65700',
      EI_MAX: '860.67',
      QPIP_RATE: '0.00494',
      QPIP_EMPLOYER_RATE: '0.00692',
      QPIP_MAX_INSURABLE: '98000',
      TAX_CREDIT_RATE: '0.14',
      BASIC_PERSONAL: '18571',
    },
    brackets: [
      ['0', '0.14'],
      ['53255', '0.19'],
      ['106495', '0.24'],
      ['129590', '0.2575'],
    ],
  },
  {
    jurisdiction: 'QC',
    from: '2026-01-01',
    source: `${T4127_2026} (QPP 6.30 %, Québec EI 1.30 %, QPIP maximum insurable 94,000: unverified); income tax: Revenu Québec (unverified)`,
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
      QPIP_RATE: '0.00494',
      QPIP_EMPLOYER_RATE: '0.00692',
      QPIP_MAX_INSURABLE: '94000',
      TAX_CREDIT_RATE: '0.14',
      BASIC_PERSONAL: '18952',
    },
    brackets: [
      ['0', '0.14'],
      ['54345', '0.19'],
      ['108680', '0.24'],
      ['132245', '0.2575'],
    ],
  },
  // Manitoba (brackets and basic amount not indexed from 2025) and Saskatchewan.
  {
    jurisdiction: 'MB',
    from: '2025-01-01',
    source: `${T4127_2025}; ${T4127_2026}: not indexed`,
    items: { TAX_CREDIT_RATE: '0.108', BASIC_PERSONAL: '15780' },
    brackets: [
      ['0', '0.108'],
      ['47000', '0.1275'],
      ['100000', '0.174'],
    ],
  },
  {
    jurisdiction: 'SK',
    from: '2026-01-01',
    source: `${T4127_2026} (unverified transcription)`,
    items: { TAX_CREDIT_RATE: '0.105', BASIC_PERSONAL: '20381' },
    brackets: [
      ['0', '0.105'],
      ['52057', '0.125'],
      ['148734', '0.145'],
    ],
  },
];

/** T4127's bracket constants: K₁ = 0, Kᵢ = Kᵢ₋₁ + (Rᵢ − Rᵢ₋₁) × thresholdᵢ (exact), each rounded to the dollar. */
export function bracketConstants(brackets: readonly [string, string][]): Decimal[] {
  let exact: Decimal = '0';
  return brackets.map(([threshold, rate], index) => {
    if (index > 0) exact = add(exact, mul(sub(rate, brackets[index - 1]![1]), threshold, 6));
    return round(exact, 0);
  });
}

const trail = (now: string) => ({ created_by: 'seed', created_on: now, updated_by: 'seed', updated_on: now, version: 1 });

/** Loads every edition not loaded yet (by jurisdiction and date). */
export async function seedTables(db: AnyDb): Promise<void> {
  const now = new Date().toISOString();
  for (const edition of EDITIONS) {
    const loaded = await db.selectFrom('pr_statutory_rates').select('rate_key').where('jurisdiction', '=', edition.jurisdiction).where('effective_from', '=', edition.from).limit(1).executeTakeFirst();
    if (loaded) continue;
    const rows = Object.entries(edition.items).map(([item, value]) => ({
      jurisdiction: edition.jurisdiction,
      effective_from: edition.from,
      item,
      value: decimalToDb(db, round(value, 6), 6),
      source: edition.source.slice(0, 200),
      ...trail(now),
    }));
    if (rows.length > 0) await db.insertInto('pr_statutory_rates').values(rows).execute();
    const brackets = edition.brackets ?? [];
    const constants = bracketConstants(brackets);
    const bracketRows = [
      ...brackets.map(([threshold, rate], index) => ({ kind: 'Tax', threshold, rate, constant: constants[index]!, cap: null as string | null })),
      ...(edition.healthPremium ?? []).map(([threshold, rate, amount, cap]) => ({ kind: 'HealthPremium', threshold, rate, constant: amount, cap })),
    ].map((row) => ({
      jurisdiction: edition.jurisdiction,
      effective_from: edition.from,
      kind: row.kind,
      threshold: decimalToDb(db, round(row.threshold, 2), 2),
      rate: decimalToDb(db, round(row.rate, 6), 6),
      constant: decimalToDb(db, round(row.constant, 2), 2),
      cap: row.cap === null ? null : decimalToDb(db, round(row.cap, 2), 2),
      source: edition.source.slice(0, 200),
      ...trail(now),
    }));
    if (bracketRows.length > 0) await db.insertInto('pr_tax_brackets').values(bracketRows).execute();
  }
}
