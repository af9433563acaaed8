/**
 * The pieces report definitions keep writing, written once (issue 20): columns of a type and scale, the
 * required date range with its one-year rule (§5, §9), a group with the sort it needs. A module's reports
 * take `reportParts('<ns>:reports')`, whose label keys are `<ns>:reports.columns.<Field>` and
 * `<ns>:reports.parameters.<Name>`, or `reportParts()`, which leaves the keys to `defineReport` (derived from
 * each report's title key).
 */
import type { ReportColumnInput, ReportColumnType, ReportGroup, ReportParameterInput, ReportParameterValues, ReportRule, ReportSort } from './define.ts';

export const MONEY_SCALE = 2;
export const QUANTITY_SCALE = 4;

/** §9 aging: current plus 8 periods (the sub-ledgers' aged reports and statements). */
export const AGING_PERIODS = 8;
/** The aging buckets' fields, current first. */
export const AGING_BUCKETS = ['Current', ...Array.from({ length: AGING_PERIODS }, (_, i) => `Period${i + 1}`)] as const;

/**
 * Issue 71 item 2: an aging bucket's heading says its days, as the aging reads them (modules/gl/server/subledger/
 * aging.ts: bucket k holds ages (k−1)·days + 1 … k·days, the last everything older) — "1–30 days", "31–60 days" …
 * "Over 210 days" —, `days` the run's `PeriodDays` (the aged trial balances) or a fixed length (`days` a number:
 * the statement's). Current keeps its module's label (not yet due). Spread into the bucket's column.
 */
export function agingLabel(bucket: (typeof AGING_BUCKETS)[number], days: number | string = 'PeriodDays'): ColumnExtra {
  const k = AGING_BUCKETS.indexOf(bucket);
  if (k <= 0) return {};
  const length = (parameters: ReportParameterValues) => (typeof days === 'number' ? days : Math.max(1, Number(parameters[days]) || 30));
  if (k === AGING_PERIODS) return { labelKey: 'reports:aging.over', labelParams: (parameters) => ({ days: (k - 1) * length(parameters) }) };
  return { labelKey: 'reports:aging.days', labelParams: (parameters) => ({ from: (k - 1) * length(parameters) + 1, to: k * length(parameters) }) };
}

/**
 * §9 aging's parameters after the as-of date: age by due (default) or document date, and the period's days
 * (default 30); labels `<base>.parameters.AgeBy|PeriodDays`, options `<base>.options.due|document`.
 */
export function agingParameters(base: string): ReportParameterInput[] {
  return [
    reportParts(base).choice('AgeBy', ['due', 'document']),
    { name: 'PeriodDays', type: 'integer', labelKey: `${base}.parameters.PeriodDays`, required: true, defaultValue: 30, min: 1, max: 365 },
  ];
}

/** §5 "Reports need a start date and an end date"; §9: a report's date range is at most one year. */
export const ONE_YEAR_RANGE: ReportRule = { kind: 'dateRange', start: 'StartDate', end: 'EndDate', maxYears: 1 };

type ColumnExtra = Partial<ReportColumnInput>;

export function reportParts(base?: string) {
  const key = (group: 'columns' | 'parameters', name: string) => (base === undefined ? {} : { labelKey: `${base}.${group}.${name}` });
  const column =
    (type: ReportColumnType, scale?: number) =>
    (field: string, extra: ColumnExtra = {}): ReportColumnInput => ({ field, type, ...(scale === undefined ? {} : { scale }), ...key('columns', field), ...extra });
  return {
    /** The label key of a column (for a column shown under another field's heading). */
    columnKey: (field: string): string => `${base}.columns.${field}`,
    text: column('text'),
    date: column('date'),
    /** A point in time (ISO 8601), shown in the user's language and time zone. */
    dateTime: column('datetime'),
    integer: column('integer'),
    money: column('decimal', MONEY_SCALE),
    quantity: column('decimal', QUANTITY_SCALE),
    /** Unit costs: quantities' precision. */
    cost: column('decimal', QUANTITY_SCALE),
    /** A lookup parameter on `entity`. */
    lookup: (name: string, entity: string, maxLength: number, extra: Partial<ReportParameterInput> = {}): ReportParameterInput => ({
      name,
      type: 'lookup',
      entity,
      maxLength,
      ...key('parameters', name),
      ...extra,
    }),
    /**
     * A required choice among `values` (default: the first); options labelled `<base>.options.<value>`, so a base is
     * needed (the sub-ledgers' "Show open / all", the aging's "Age by").
     */
    choice: (name: string, values: readonly string[], defaultValue: string = values[0]!): ReportParameterInput => ({
      name,
      type: 'enum',
      ...key('parameters', name),
      required: true,
      defaultValue,
      options: values.map((value) => ({ value, labelKey: `${base}.options.${value}` })),
    }),
    /** StartDate (default: the year's start) and EndDate (default: today), both required; see ONE_YEAR_RANGE. */
    dateRange: (): [ReportParameterInput, ReportParameterInput] => [
      { name: 'StartDate', type: 'date', required: true, defaultValue: 'yearStart', ...key('parameters', 'StartDate') },
      { name: 'EndDate', type: 'date', required: true, defaultValue: 'today', ...key('parameters', 'EndDate') },
    ],
  };
}

/**
 * A report grouped by `field` with `headingFields` on each group's heading (and its opening balance when
 * `opening`), sorted by the group field first — the engine needs a group's rows together — then by `then`.
 */
export function groupedBy(
  field: string,
  headingFields: readonly string[],
  then: readonly string[],
  options: Omit<ReportGroup, 'field' | 'headingFields'> = {},
): { group: ReportGroup; defaultSort: ReportSort[] } {
  return { group: { field, headingFields, ...options }, defaultSort: [field, ...then].map((sortField) => ({ field: sortField })) };
}
