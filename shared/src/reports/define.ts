/**
 * Reports as data (issue 12, SCREENS.md 3.0 "Report screen"): one declarative definition per report, read by
 * the browser's `@erp/records#ReportScreen` (parameter form, paged grid, downloads) and by the server's report
 * engine (`server/src/reports/`: parameter checks, paging at 250 (§9), totals, .xlsx and PDF).
 *
 * A definition names:
 * - `parameters`: what the user enters (dates, enums, lookups, integers, text) with their own rules
 *   (required, min/max) and `rules` across parameters: a date range (start ≤ end, at most one year where §5
 *   says) and "one of" groups (§5 Accounting: "Fiscal year and period, or start and end date, are required").
 *   `validateReportParameters()` applies them the same way in the form and on the server.
 * - `columns`: the rows' fields with their types (decimals with their scale: exact strings on the wire),
 *   which ones are totalled, and a running balance column (`running`).
 * - `group`: rows grouped by one field (account, journal), with subtotals per group and, when `opening` is
 *   set, an opening balance before the group's rows and a closing balance after them.
 * - `defaultSort`: the order of the rows (the server always adds a unique tie-breaker).
 *
 * Texts are i18n keys (namespace `reports` for the generic strings, the module's namespace for its own, e.g.
 * `<ns>:reports.trialBalance.title`). A parameter's or column's label key defaults to a sibling of the title key
 * (`<base>.title` → `<base>.parameters.<Name>`, `<base>.columns.<Field>`: `withLabelKeys`), as an entity's field
 * keys derive from its namespace and name. Wire names are PascalCase like every §3 shape.
 */
import { contributions, type ModuleExtensions } from '../entities/index.ts';

/** Parameter value types. Dates are `YYYY-MM-DD`; integers are numbers; the rest are strings. */
export type ReportParameterType = 'date' | 'integer' | 'enum' | 'lookup' | 'text';

export interface ReportParameterOption {
  value: string;
  labelKey: string;
}

export interface ReportParameter {
  name: string;
  type: ReportParameterType;
  labelKey: string;
  required?: boolean;
  /** integer: inclusive bounds. */
  min?: number;
  max?: number;
  /** Message key for a value outside min/max; default `reports:validation.range`. */
  rangeKey?: string;
  /** enum: the choices. */
  options?: readonly ReportParameterOption[];
  /**
   * lookup: the entity whose key the value names (the server checks it exists). An integer parameter naming a record
   * by its internal key declares it too: the printed files show that record's number, never the key (issue 71 item 2).
   */
  entity?: string;
  /** text and lookup: the longest value. */
  maxLength?: number;
  /**
   * Shown first in the form; `today`/`yearStart` are resolved in the browser for dates; a keyword a module
   * contributes to `PARAMETER_DEFAULTS` is asked of it when the form opens — the G/L's `fiscalYear` /
   * `fiscalPeriod`, the accounting period containing today (issue 21 item 3; issue 73 item 4).
   */
  defaultValue?: string | number;
  /** Fixed by the route (e.g. the journal source of a journal-printing variant): not shown, not editable. */
  fixed?: string | number;
}

/** start ≤ end; with `maxYears`, end no more than that many years after start (§5, §9 "Report date range: up to one year"). */
export interface DateRangeRule {
  kind: 'dateRange';
  start: string;
  end: string;
  maxYears?: number;
}

/**
 * At least one of the alternatives is complete (every parameter in it given). §5: "Fiscal year and period,
 * or start and end date, are required."
 */
export interface OneOfRule {
  kind: 'oneOf';
  alternatives: readonly (readonly string[])[];
  messageKey: string;
}

export type ReportRule = DateRangeRule | OneOfRule;

/**
 * `date` a calendar date (YYYY-MM-DD, never moved by a zone); `datetime` a point in time (ISO 8601 with its
 * offset, UTC on the wire), shown in the user's language and time zone (grid: the browser's; PDF and .xlsx: the
 * X-Time-Zone the report screen sends).
 */
export type ReportColumnType = 'text' | 'date' | 'datetime' | 'integer' | 'decimal';

export interface ReportColumn {
  field: string;
  type: ReportColumnType;
  labelKey: string;
  /** decimal: digits after the point (money 2). */
  scale?: number;
  /** Summed into group subtotals and the report totals (decimals exactly). */
  total?: boolean;
  /**
   * A running balance: the group's opening balance plus `of` (a decimal field of the row, usually hidden)
   * over the rows so far, in the report's order.
   */
  running?: { of: string };
  /** Not shown as a column (a value other columns or the running balance use). */
  hidden?: boolean;
  /** Relative width in the grid and the PDF (default 1). */
  width?: number;
  /**
   * text: the values are an enumeration; each is shown by its label in the user's language (issue 21 item 4:
   * "Actif", never "asset"). A value with no option shows as it is.
   */
  options?: readonly ReportParameterOption[];
  /**
   * The label's values from the parameters the report ran with (issue 71 item 2: an aging bucket says its days,
   * "31–60 days", from the run's days per period); the grid, the PDF and the .xlsx translate `labelKey` with them
   * (`columnLabel`).
   */
  labelParams?: (parameters: ReportParameterValues) => Record<string, string | number>;
}

/** A column's heading in the user's language, its label's values taken from the run's parameters. */
export function columnLabel(column: ReportColumn, translate: (key: string, params?: Record<string, unknown>) => string, parameters: ReportParameterValues): string {
  return translate(column.labelKey, column.labelParams?.(parameters));
}

export interface ReportGroup {
  /** Row field the rows are grouped by (the rows come sorted by it first). */
  field: string;
  /** Row fields shown in the group's heading, e.g. the account and its description. */
  headingFields: readonly string[];
  /** The group has an opening balance (and a closing one: opening + the subtotal of the running column). */
  opening?: boolean;
  /** PDF: each group starts on a new page (a batch of documents, e.g. one account statement per customer). */
  pageBreak?: boolean;
  /** PDF: each group is a document to mail (issue 21 item 10, e.g. an account statement). */
  document?: ReportGroupDocument;
}

/**
 * What the PDF of a document adds to each group (fields are the report's columns): a mailed statement (the AR
 * statement: bill-to block, aging summary, remittance stub) or a printed business document (a purchase order:
 * vendor block, order details, lines, totals, terms).
 */
export interface ReportGroupDocument {
  /** Heading fields printed as the recipient's address block, one line each (blank ones left out). */
  addressFields: readonly string[];
  /** The address block's title; default "Bill to". */
  recipientLabelKey?: string;
  /** The label of the group's key printed at the right (the document's number); default "Customer". */
  keyLabelKey?: string;
  /** Heading fields printed under the date at the right, "label: value" each (terms, ship via, ETA …). */
  infoFields?: readonly string[];
  /**
   * The summary table, e.g. the aging or the totals: `total` columns (their group subtotals) or heading fields
   * (a document's own figures, such as its discount and total, printed as they are).
   */
  summaryFields: readonly string[];
  /** The summary table's title, e.g. "Aging summary". */
  summaryLabelKey: string;
  /** The label of the document's date, e.g. "Statement date". */
  dateLabelKey: string;
  /** The date that dates the document: a parameter (the statement date) … */
  dateParameter?: string;
  /** … or a heading field (the order's date). */
  dateField?: string;
  /** A heading field of free text printed after the summary (a document's notes and terms). */
  notesField?: string;
  /** The `total` column whose group subtotal is the amount due: a remittance stub ends the document. */
  amountDueField?: string;
}

export interface ReportSort {
  field: string;
  descending?: boolean;
}

export interface ReportRoute {
  application: string;
  path: string;
}

export interface ReportDefinition {
  /** Registry name, kebab-case (`gl-trial-balance`). */
  name: string;
  /** Application that owns it (`NOVUS-GL`): its users may run it. */
  application: string;
  /**
   * Catalog routes that open it (application + RouterPath, e.g. NOVUS-AP `/account-enquiry`): users who may
   * open one of those applications may run it too.
   */
  routes: readonly ReportRoute[];
  titleKey: string;
  parameters: readonly ReportParameter[];
  rules: readonly ReportRule[];
  columns: readonly ReportColumn[];
  group?: ReportGroup;
  defaultSort: readonly ReportSort[];
  /** PDF page orientation (default portrait). */
  orientation?: 'portrait' | 'landscape';
  /** Roles that may run it (e.g. payroll figures: the payroll role only); default everyone who opens its application. */
  roles?: readonly string[];
  /**
   * Files a module's own call writes from the report's parameters (issue 45: the T4 return as XML), each a
   * button beside the downloads once the report ran: POST `api/<path>` with `{ Parameters }`.
   */
  files?: readonly ReportFile[];
  /**
   * Issue 40 item 4: the report's one document (a `group.document` report run for one firm: the AR statement)
   * e-mailed to the firm a lookup parameter names, with its PDF attached: POST /api/reports/:report/email
   * (server/src/mail/documents.ts). The report screen offers E-mail (Ctrl+Shift+E) once `to` is filled.
   */
  email?: ReportEmail;
  /**
   * §6 assigned customers (issue 68 item 2): each row is a record of another entity, its key (or its number) in
   * column `field`. A user restricted to assigned customers gets only the rows of records they may see — the
   * entity's rule, applied by the engine to the rows, the page, the totals and the files alike.
   */
  records?: ReportRecords;
}

/** The entity each row of a report or process is a record of (ReportDefinition.records). */
export interface ReportRecords {
  entity: string;
  /** The column holding the record's key, or its business number (`by: 'number'`: the definition's numberField). */
  field: string;
  by?: 'key' | 'number';
}

export interface ReportEmail {
  /** The e-mail template's id (`STATEMENT`). */
  template: string;
  /** The lookup parameter naming the recipient firm (`CustomerId`); required to e-mail. */
  to: string;
  /** Template placeholder → parameter (`DocumentDate: 'StatementDate'`); the recipient's and company's are added. */
  values: Readonly<Record<string, string>>;
  /** What the question and the messages call the document, with the parameters as values ("statement {{CustomerId}} of {{StatementDate}}"). */
  numberKey: string;
}

export interface ReportFile {
  /** Under `api/` (`pr/t4-file`). */
  path: string;
  labelKey: string;
  /** The name saved when the answer names none. */
  fileName: string;
}

/** A parameter as a definition writes it: the label key may be left to `withLabelKeys`. */
export type ReportParameterInput = Omit<ReportParameter, 'labelKey'> & { labelKey?: string };
/** A column as a definition writes it: the label key may be left to `withLabelKeys`. */
export type ReportColumnInput = Omit<ReportColumn, 'labelKey'> & { labelKey?: string };

/** What `defineReport` takes: a `ReportDefinition` whose parameters and columns may omit their label keys. */
export interface ReportInput extends Omit<ReportDefinition, 'parameters' | 'columns'> {
  parameters: readonly ReportParameterInput[];
  columns: readonly ReportColumnInput[];
}

/**
 * The label keys a report or process leaves out, derived like an entity's (`<ns>:<entity>.title`,
 * `<ns>:<entity>.fields.<Field>`): siblings of the title key. A title key `<base>.title` gives the parameters
 * `<base>.parameters.<Name>` and the columns `<base>.columns.<Field>` (`<ns>:year-end.title` →
 * `<ns>:year-end.columns.NetIncome`). A key given explicitly (a string shared by several reports) is kept.
 */
export function withLabelKeys(
  what: string,
  def: { titleKey: string; parameters: readonly ReportParameterInput[]; columns: readonly ReportColumnInput[] },
): { parameters: ReportParameter[]; columns: ReportColumn[] } {
  const base = def.titleKey.endsWith('.title') ? def.titleKey.slice(0, -'.title'.length) : null;
  const derive = (group: string, name: string): string => {
    if (base === null) throw new Error(`${what}: ${group} ${name} needs a labelKey (the title key does not end in .title)`);
    return `${base}.${group}.${name}`;
  };
  return {
    parameters: def.parameters.map((p) => (p.labelKey !== undefined ? (p as ReportParameter) : { ...p, labelKey: derive('parameters', p.name) })),
    columns: def.columns.map((c) => (c.labelKey !== undefined ? (c as ReportColumn) : { ...c, labelKey: derive('columns', c.field) })),
  };
}

/** Checks a definition's own consistency at load time, so a typo fails the unit tests, not a user. */
export function defineReport(input: ReportInput): ReportDefinition {
  const def: ReportDefinition = { ...input, ...withLabelKeys(`report ${input.name}`, input) };
  const params = new Set(def.parameters.map((p) => p.name));
  const fields = new Set(def.columns.map((c) => c.field));
  const fail = (what: string): never => {
    throw new Error(`report ${def.name}: ${what}`);
  };
  if (!/^[a-z][a-z0-9-]*$/.test(def.name)) fail('name must be kebab-case');
  if (params.size !== def.parameters.length) fail('duplicate parameter');
  if (fields.size !== def.columns.length) fail('duplicate column');
  if (def.records && !fields.has(def.records.field)) fail(`records field ${def.records.field} is not a column`);
  for (const p of def.parameters) {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(p.name)) fail(`parameter ${p.name} must be PascalCase`);
    if (p.type === 'enum' && !p.options?.length) fail(`enum parameter ${p.name} needs options`);
    if (p.type === 'lookup' && !p.entity) fail(`lookup parameter ${p.name} needs an entity`);
  }
  for (const rule of def.rules) {
    const names = rule.kind === 'dateRange' ? [rule.start, rule.end] : rule.alternatives.flat();
    for (const name of names) if (!params.has(name)) fail(`rule names unknown parameter ${name}`);
  }
  for (const c of def.columns) {
    if (c.type === 'decimal' && c.scale === undefined) fail(`decimal column ${c.field} needs a scale`);
    if (c.total && c.type !== 'decimal' && c.type !== 'integer') fail(`column ${c.field}: only numbers are totalled`);
    if (c.running && !fields.has(c.running.of)) fail(`running column ${c.field} names unknown field ${c.running.of}`);
  }
  if (def.email) {
    const to = def.parameters.find((p) => p.name === def.email!.to);
    if (to?.type !== 'lookup') fail('email.to must be a lookup parameter');
    if (!def.group?.document) fail('email needs a document group');
    for (const name of Object.values(def.email.values)) if (!params.has(name)) fail(`email.values names unknown parameter ${name}`);
  }
  if (def.group) {
    if (!fields.has(def.group.field)) fail(`group field ${def.group.field} is not a column`);
    for (const f of def.group.headingFields) if (!fields.has(f)) fail(`group heading field ${f} is not a column`);
    // The engine relies on it: a group's rows are consecutive, so only a page's first group has earlier rows.
    if (def.defaultSort[0]?.field !== def.group.field) fail('the first sort field must be the group field');
    const document = def.group.document;
    if (document) {
      const heading = new Set(def.group.headingFields);
      const total = (f: string) => def.columns.some((c) => c.field === f && c.total);
      const headingFields = [...document.addressFields, ...(document.infoFields ?? []), ...(document.notesField ? [document.notesField] : []), ...(document.dateField ? [document.dateField] : [])];
      for (const f of headingFields) if (!heading.has(f)) fail(`document field ${f} is not a heading field`);
      for (const f of document.summaryFields) if (!total(f) && !heading.has(f)) fail(`document summary field ${f} is neither a total column nor a heading field`);
      if (document.amountDueField !== undefined && !total(document.amountDueField)) fail(`document field ${document.amountDueField} is not a total column`);
      if ((document.dateParameter === undefined) === (document.dateField === undefined)) fail('a document is dated by a parameter or by a heading field');
      if (document.dateParameter !== undefined && !def.parameters.some((p) => p.name === document.dateParameter)) fail(`document date parameter ${document.dateParameter} is not a parameter`);
    }
  }
  for (const s of def.defaultSort) if (!fields.has(s.field)) fail(`sort field ${s.field} is not a column`);
  return def;
}

/** A parameter problem: i18n key + params, on `field` (the parameter) or on the form (`field` null). */
export interface ReportParameterError {
  field: string | null;
  key: string;
  params?: Record<string, unknown>;
}

export type ReportParameterValues = Record<string, string | number>;

export type ReportParameterResult =
  | { ok: true; value: ReportParameterValues }
  | { ok: false; errors: ReportParameterError[] };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date `YYYY-MM-DD` (not 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `date` + `years` calendar years (Feb 29 → Feb 28 in a common year), as `YYYY-MM-DD`. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The parameters as the report runs them, or every problem found. `input` is what the form or the request
 * sent (strings, or numbers for integers); unknown names are refused; fixed parameters take their fixed
 * value whatever was sent. The same function runs in the browser (before the call) and on the server.
 */
export function validateReportParameters(def: ReportDefinition, input: Record<string, unknown>): ReportParameterResult {
  const errors: ReportParameterError[] = [];
  const value: ReportParameterValues = {};
  const known = new Set(def.parameters.map((p) => p.name));
  for (const name of Object.keys(input)) {
    if (!known.has(name)) errors.push({ field: null, key: 'reports:validation.unknownParameter', params: { name: name.slice(0, 60) } });
  }
  const inAlternatives = new Set(def.rules.flatMap((r) => (r.kind === 'oneOf' ? r.alternatives.flat() : [])));
  for (const p of def.parameters) {
    if (p.fixed !== undefined) {
      value[p.name] = p.fixed;
      continue;
    }
    const raw = input[p.name];
    if (blank(raw)) {
      if (p.required && !inAlternatives.has(p.name)) errors.push({ field: p.name, key: 'reports:validation.required' });
      continue;
    }
    switch (p.type) {
      case 'date': {
        if (typeof raw !== 'string' || !isCalendarDate(raw)) errors.push({ field: p.name, key: 'reports:validation.date' });
        else value[p.name] = raw;
        break;
      }
      case 'integer': {
        const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
        if (!Number.isSafeInteger(n)) errors.push({ field: p.name, key: 'reports:validation.integer' });
        else if ((p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max)) {
          errors.push({ field: p.name, key: p.rangeKey ?? 'reports:validation.range', params: { min: p.min, max: p.max } });
        } else value[p.name] = n;
        break;
      }
      case 'enum': {
        if (typeof raw !== 'string' || !p.options!.some((o) => o.value === raw)) errors.push({ field: p.name, key: 'reports:validation.option' });
        else value[p.name] = raw;
        break;
      }
      case 'lookup':
      case 'text': {
        if (typeof raw !== 'string') errors.push({ field: p.name, key: 'reports:validation.text' });
        else if (p.maxLength !== undefined && raw.trim().length > p.maxLength) {
          errors.push({ field: p.name, key: 'reports:validation.maxLength', params: { max: p.maxLength } });
        } else value[p.name] = raw.trim();
        break;
      }
    }
  }
  for (const rule of def.rules) {
    if (rule.kind === 'oneOf') {
      const complete = rule.alternatives.some((names) => names.every((n) => value[n] !== undefined));
      const anyBadField = rule.alternatives.flat().some((n) => errors.some((e) => e.field === n));
      if (!complete && !anyBadField) errors.push({ field: null, key: rule.messageKey });
      continue;
    }
    const start = value[rule.start];
    const end = value[rule.end];
    if (typeof start !== 'string' || typeof end !== 'string') continue;
    if (start > end) errors.push({ field: rule.end, key: 'reports:validation.endBeforeStart' });
    // §5: "the start cannot be more than one year from the end".
    else if (rule.maxYears !== undefined && end > addYears(start, rule.maxYears)) {
      errors.push({ field: rule.end, key: 'reports:validation.rangeTooLong', params: { years: rule.maxYears } });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

/**
 * §6: a report or a process is run by whoever opens its application, or one of the applications whose
 * catalog routes open it (`openable`: the applications the user's roles open).
 */
export function openedBy(def: Pick<ReportDefinition, 'name' | 'application' | 'routes'>, openable: ReadonlySet<string>): boolean {
  return openable.has(def.application) || routesOf(def).some((route) => openable.has(route.application));
}

/**
 * The registry (`ModuleDefinition.contributes`) of another module's report or process on a module's own menus
 * (issue 41): `{ report, application, path }` — Payables shows the G/L's account enquiry at NOVUS-AP
 * `/account-enquiry`. The owner's definition lists only its own applications' routes.
 */
export const SHOWN_ELSEWHERE = 'reports.shownElsewhere';

export interface ShownElsewhere extends ReportRoute {
  /** The report's or process's registry name. */
  report: string;
}

/** A module's extensions showing other modules' reports or processes on its menus. */
export function shownElsewhere(...entries: readonly ShownElsewhere[]): ModuleExtensions {
  return { contributes: { [SHOWN_ELSEWHERE]: entries } };
}

/**
 * The registry (`ModuleDefinition.contributes`) of parameter defaults a module resolves (issue 73 item 4): the
 * report framework knows only `today` and `yearStart`; a module that owns a notion of "now" (the G/L's current
 * fiscal year and period) contributes the keywords it answers, so the form never names the module or its calls.
 * A module contributes from its `definitions/extensions.ts`, which every micro-app bundle registers.
 */
export const PARAMETER_DEFAULTS = 'reports.parameterDefaults';

/** How a contributed default asks the server: the browser's quiet GET (path under /api, query string). */
export type ParameterDefaultGet = <T>(path: string, query: Readonly<Record<string, string>>) => Promise<T>;

export interface ParameterDefaultSource {
  /** The `defaultValue` keywords it answers, e.g. `fiscalYear`. */
  defaults: readonly string[];
  /**
   * The keywords' values on the user's day `date` (YYYY-MM-DD, the browser's zone), asked once per form; null or
   * a keyword left out: no default (the user types it).
   */
  resolve(date: string, get: ParameterDefaultGet): Promise<Readonly<Record<string, string | number>> | null>;
}

/** A module's contributed parameter defaults. */
export function parameterDefaults(...sources: readonly ParameterDefaultSource[]): ModuleExtensions {
  return { contributes: { [PARAMETER_DEFAULTS]: sources } };
}

/** The catalog routes of a report or process: its own, then those other modules' menus give it. */
export function routesOf(def: Pick<ReportDefinition, 'name' | 'routes'>): readonly ReportRoute[] {
  const elsewhere = contributions<ShownElsewhere>(SHOWN_ELSEWHERE).filter((entry) => entry.report === def.name);
  return elsewhere.length === 0 ? def.routes : [...def.routes, ...elsewhere.map(({ application, path }) => ({ application, path }))];
}

/** The columns shown (grid, .xlsx, PDF), in order. */
export function visibleReportColumns(def: Pick<ReportDefinition, 'columns'>): ReportColumn[] {
  return def.columns.filter((c) => !c.hidden);
}
