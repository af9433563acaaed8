/**
 * Process screens as data (issue 12 "Process screens", SCREENS.md 3.0): parameters → preview → confirmation →
 * run → a result list of §3 Call results, one per item. Read by the browser's `@erp/records` ProcessScreen and
 * by the server's process routes (`server/src/processes/`).
 *
 * A definition names:
 * - `parameters` and `rules`: the same parameter kinds and rules as reports (`../reports/define.ts`), checked
 *   the same way in the form and on the server (`validateReportParameters`);
 * - `columns`: the preview list's columns (types as reports: decimals are exact strings at their scale);
 * - `itemKey`: the field of a preview row that identifies the item the run processes (sent back in `Items`);
 *   `itemLabel`: the field shown for it in the result list;
 * - `maxItems`: the most items one run takes (the preview shows at most this many);
 * - `confirmKey`: the question asked before the run (§4 confirmations; default `reports:process.confirm`);
 * - `roles`: when set, only these roles may preview and run it (the application alone is not enough);
 * - `bulk`: the run may also take every item the parameters select (`All`), however many — a mass update such as
 *   a price adjustment over 50,000 rows; the server runs them in batches (`ServerProcess.runBatch`);
 * - `live`: the entities whose changes refresh an open preview (issue 42: a queue shows what is waiting now);
 * - `lock`: the scope its runs serialize on (issue 39: exactly once) — by default the process itself, every run
 *   of it one after another on every server instance; `scope` lets processes that work on the same rows share
 *   one (the pay run's steps), `by` narrows it by parameters whose runs can never touch each other's items.
 *
 * The run answers a Call result whose `List` holds one Call result per item (`{ ItemId, Label, ResultStatus,
 * ResultCode, Message, EntityId }`), in the order the items were sent; each item runs in its own transaction,
 * so one failure neither stops nor undoes the others.
 */
import { withLabelKeys, type ReportColumnInput, type ReportDefinition, type ReportParameterInput } from '../reports/define.ts';

/**
 * A process is opened, asked for and listed like a report (its name — kebab-case, `gl-post-drafts` —,
 * application, routes, title, parameters with their rules, the columns of its item list), then runs on the
 * items the user picks.
 */
export interface ProcessDefinition extends Pick<ReportDefinition, 'name' | 'application' | 'routes' | 'titleKey' | 'parameters' | 'rules' | 'columns' | 'records'> {
  itemKey: string;
  itemLabel: string;
  maxItems: number;
  confirmKey?: string;
  /** Roles that may preview and run it (e.g. an irreversible close: accounting only); default everyone who opens its application. */
  roles?: readonly string[];
  /** The run may take every item the parameters select (`All: true`), beyond `maxItems` (up to BULK_MAX_ITEMS). */
  bulk?: boolean;
  /** The scope its runs serialize on (default: the process name, whatever the parameters). */
  lock?: { scope?: string; by?: readonly string[] };
  /**
   * Issue 42: entities whose records make up its items (a queue's orders). A change to one of them, made
   * anywhere, refreshes the open preview in place (the ticked items that remain stay ticked).
   */
  live?: readonly string[];
}

/** The scope a run with these parameters holds (server/src/exactly-once/scope-lock.ts). */
export function processScope(def: ProcessDefinition, params: Readonly<Record<string, unknown>>): string {
  const base = `process:${def.lock?.scope ?? def.name}`;
  const by = def.lock?.by ?? [];
  return by.length === 0 ? base : `${base}:${JSON.stringify(by.map((name) => params[name] ?? null))}`;
}

/** The most items a bulk run (`All`) takes. */
export const BULK_MAX_ITEMS = 200_000;

/** One item's outcome in the run's result list (§3 Call result + the item it is about). */
/** A document a process item made (ProcessItemResult.Made). */
export interface ProcessMade {
  Entity: string;
  Id: string;
  Number: string;
  /** Its definition's title key (the link's tooltip). */
  LabelKey: string;
  Screen: string | null;
}

export interface ProcessItemResult {
  ItemId: string;
  Label: string;
  ResultStatus: number;
  ResultCode: string;
  Message: string;
  EntityId: string | number | null;
  /** The item's own result fields (§3 variants, e.g. the order-invoice result's OrderKey, OrderNo, InvoiceId). */
  Data?: Record<string, unknown>;
  /**
   * The documents the item made (issue 40 item 3: "Order SO100006 invoiced: AR000312." links to AR000312), each
   * with its business number and the screen that opens it (null: none the caller may read).
   */
  Made?: ProcessMade[];
  /** ResultCode 'confirm': the question to ask before the item runs again with `Id` confirmed (§5). */
  Question?: { Id: string; Key: string; Params: Record<string, unknown>; Message: string };
}

/** What `defineProcess` takes: parameters and columns may omit their label keys (`withLabelKeys`). */
export interface ProcessInput extends Omit<ProcessDefinition, 'parameters' | 'columns'> {
  parameters: readonly ReportParameterInput[];
  columns: readonly ReportColumnInput[];
}

export function defineProcess(input: ProcessInput): ProcessDefinition {
  const def: ProcessDefinition = { ...input, ...withLabelKeys(`process ${input.name}`, input) };
  const fields = new Set(def.columns.map((c) => c.field));
  const fail = (what: string): never => {
    throw new Error(`process ${def.name}: ${what}`);
  };
  if (!/^[a-z][a-z0-9-]*$/.test(def.name)) fail('name must be kebab-case');
  if (!fields.has(def.itemKey)) fail(`item key ${def.itemKey} is not a column`);
  if (!fields.has(def.itemLabel)) fail(`item label ${def.itemLabel} is not a column`);
  if (def.records && !fields.has(def.records.field)) fail(`records field ${def.records.field} is not a column`);
  if (!(def.maxItems >= 1 && def.maxItems <= 5000)) fail('maxItems must be 1 to 5000');
  const params = new Set(def.parameters.map((p) => p.name));
  for (const name of def.lock?.by ?? []) if (!params.has(name)) fail(`lock names unknown parameter ${name}`);
  for (const rule of def.rules) {
    const names = rule.kind === 'dateRange' ? [rule.start, rule.end] : rule.alternatives.flat();
    for (const name of names) if (!params.has(name)) fail(`rule names unknown parameter ${name}`);
  }
  return def;
}
