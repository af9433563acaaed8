/**
 * The ledger's sources (issue 41): the one registry of what posts to the General Ledger — a journal source
 * (gl_journals.source, §3), a GL integration sub-ledger (gl_integration.sub_ledger) and the accounting period's
 * flag its postings respect. The G/L declares its own (G/L, bank, year end, revaluation); every other module
 * declares its own in `definitions/extensions.ts` with `ledgerSourceExtensions(...)`, which adds the choices
 * and the period flag to the G/L's entities and the entry to this registry. Nothing here names another module:
 * the journal, period and integration screens, the posting service and the period close read `ledgerSources()`.
 */
import { contributions, type ModuleExtensions } from '@erp/shared/entities/index';
import type { EntityExtension } from '@erp/shared/entities/define';

/** The registry's name in `ModuleDefinition.contributes`. */
export const LEDGER_SOURCES = 'gl.ledgerSources';

/** The form section of the period flags (accounting-period). */
export const PERIOD_FLAGS_SECTION = 'gl:accounting-period.sections.closed';

export interface PeriodFlag {
  /** The posting service's `subLedger` (fiscal_periods.closed_<code>), e.g. `ar`. */
  code: string;
  /** Its boolean field of the accounting period, e.g. `ClosedAr`. */
  field: string;
  labelKey: string;
  /** §8 "Period is closed (A/R): …" (params year, period, start, end). */
  closedKey: string;
}

/**
 * A source's share of a periodic remittance to an authority (the GST/HST return, PD7A source deductions …): the
 * integration rows (transaction types of the source, `gl_integration.transaction_type`) whose movement of each
 * period the remittance clears, and, from the source that pays it, the bank row it is paid from. The demo books
 * are settled with them (seed-remittances.ts); the shares of one authority are merged across the sources.
 */
export interface RemittanceShare {
  /** The authority's code, e.g. `GST`: one journal per authority and period. */
  authority: string;
  /** The journal's description (the first share that gives one). */
  description?: string;
  /** Its rows the remittance clears (a payable debited, a credit it nets credited). */
  accounts?: readonly string[];
  /** Its row of the bank the remittance is paid from (one share per authority gives it). */
  bank?: string;
}

/** An authority's remittance: every share merged — integration rows as [source, transaction type]. */
export interface Remittance {
  code: string;
  description: string;
  bank: readonly [string, string] | null;
  accounts: readonly (readonly [string, string])[];
}

export interface LedgerSource {
  /** The journal source and integration sub-ledger code, e.g. `AR`. */
  code: string;
  /** Its label as a journal source ("A/R"); absent: it keeps no journals (Order Entry posts through Inventory's). */
  journalLabelKey?: string;
  /** Its label as a GL integration sub-ledger ("Accounts receivable"); absent: it has no integration accounts. */
  integrationLabelKey?: string;
  /**
   * Its own period flag, which closes only once its journals of the period are (§4); absent: the G/L's. A source
   * without one posts while the G/L period is open.
   */
  periodFlag?: PeriodFlag;
  /** What it owes authorities each period, with the other sources' shares. */
  remits?: readonly RemittanceShare[];
}

/** The G/L's own sources, in §3's order. */
export const GL_SOURCES: readonly LedgerSource[] = [
  {
    code: 'GL',
    journalLabelKey: 'gl:accounting-journal.sources.GL',
    integrationLabelKey: 'gl:sources.GL',
    periodFlag: { code: 'gl', field: 'ClosedGl', labelKey: 'gl:accounting-period.fields.ClosedGl', closedKey: 'gl:rules.periodClosed.gl' },
  },
  { code: 'BK', journalLabelKey: 'gl:accounting-journal.sources.BK', integrationLabelKey: 'gl:sources.BK' },
  { code: 'YE', journalLabelKey: 'gl:accounting-journal.sources.YE' },
  { code: 'FX', journalLabelKey: 'gl:accounting-journal.sources.FX' },
];

/** The G/L's own period flag: closing it closes every journal of the period, whatever the source (§4). */
export const GL_FLAG: PeriodFlag = GL_SOURCES[0]!.periodFlag!;

const journalOptions = (sources: readonly LedgerSource[]) =>
  sources.flatMap((source) => (source.journalLabelKey ? [{ value: source.code, labelKey: source.journalLabelKey }] : []));
const integrationOptions = (sources: readonly LedgerSource[]) =>
  sources.flatMap((source) => (source.integrationLabelKey ? [{ value: source.code, labelKey: source.integrationLabelKey }] : []));

/** The G/L's journal sources as choices (the accounting journal's Source; its reports' Source column). */
export const GL_JOURNAL_SOURCE_OPTIONS = journalOptions(GL_SOURCES);
/** The G/L's integration sub-ledgers as choices (gl-integration's SubLedger). */
export const GL_INTEGRATION_OPTIONS = integrationOptions(GL_SOURCES);

/**
 * A module's sources as its extensions of the G/L: the journal Source and integration SubLedger choices, its
 * period flag on the accounting period (list column, form row beside the others) and the registry entries.
 */
export function ledgerSourceExtensions(...sources: LedgerSource[]): ModuleExtensions {
  const flags = sources.flatMap((source) => (source.periodFlag ? [source.periodFlag] : []));
  const extensions: EntityExtension[] = [
    { entity: 'accounting-journal', options: { Source: journalOptions(sources) } },
    { entity: 'gl-integration', options: { SubLedger: integrationOptions(sources) } },
  ];
  if (flags.length > 0) {
    extensions.push({
      entity: 'accounting-period',
      fields: Object.fromEntries(flags.map((flag) => [flag.field, { type: 'boolean', defaultValue: false, labelKey: flag.labelKey }])),
      listColumns: flags.map((flag) => flag.field),
      formRows: { section: PERIOD_FLAGS_SECTION, rows: flags.map((flag) => [flag.field]), pack: 2 },
    });
  }
  return { extends: extensions, contributes: { [LEDGER_SOURCES]: sources } };
}

/** Every source: the G/L's, then the modules' in registration order. */
export function ledgerSources(): readonly LedgerSource[] {
  return [...GL_SOURCES, ...contributions<LedgerSource>(LEDGER_SOURCES)];
}

/** Every period flag with the source whose journals it waits for: the G/L's first. */
export function periodFlags(): readonly (PeriodFlag & { source: string })[] {
  return ledgerSources().flatMap((source) => (source.periodFlag ? [{ ...source.periodFlag, source: source.code }] : []));
}

/** The period flag governing postings of journal source `code` (the G/L's for a source without its own). */
export function periodFlagOf(code: string): PeriodFlag {
  return ledgerSources().find((source) => source.code === code)?.periodFlag ?? GL_FLAG;
}

/** Every authority's remittance, merged from the sources' shares in registration order. */
export function remittances(): readonly Remittance[] {
  const merged = new Map<string, { code: string; description: string; bank: readonly [string, string] | null; accounts: (readonly [string, string])[] }>();
  for (const source of ledgerSources()) {
    for (const share of source.remits ?? []) {
      const entry = merged.get(share.authority) ?? { code: share.authority, description: '', bank: null, accounts: [] };
      if (!entry.description && share.description) entry.description = share.description;
      if (share.bank) {
        if (entry.bank) throw new Error(`remittance ${share.authority} is paid from two banks (${entry.bank.join(' ')}, ${source.code} ${share.bank})`);
        entry.bank = [source.code, share.bank];
      }
      for (const account of share.accounts ?? []) entry.accounts.push([source.code, account]);
      merged.set(share.authority, entry);
    }
  }
  return [...merged.values()].map((entry) => ({ ...entry, description: entry.description || entry.code }));
}
