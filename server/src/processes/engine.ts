/**
 * Processes on the server (issue 12 "Process screens"): a registry of `ServerProcess`es, each a process
 * definition (`@erp/shared/processes/define`) with
 * - `preview(ctx)`: a Kysely select of the items the parameters select (output columns named like the
 *   definition's columns; stored values, decimals through the codec when decoded), in the order to show — built
 *   on the module's typed view `<m>Db(ctx.db)`, read by the report engine's functions (`countOf`, `readFirstRows`,
 *   `readRowsIn`: reports/engine.ts);
 * - `runItem(ctx, row)`: processes one item and answers its §3 Call result. It runs in its own transaction
 *   (or through a generic call that does), so one item's failure neither stops nor undoes the others.
 * The run re-reads the preview restricted to the items sent: an item that no longer qualifies (posted by
 * someone else meanwhile, outside the dates) is answered as a failure, never processed.
 *
 * The bulk path (definition `bulk`, run with `All`): every item the parameters select, read again at run time;
 * a process with `runBatch` runs them BATCH_SIZE at a time, each batch in one transaction of its own with one
 * outcome per item (an item its rules refuse is answered alone and left unchanged). A batch that throws is run
 * again item by item with `runItem`, so one bad item never sinks the rest.
 *
 * `ctx.call(method, path, body)` runs one of the API's own routes as the caller (same token, same rules,
 * same answer in the caller's language), so a process can reuse a generic action — e.g. the document
 * action `post` — instead of copying its rules.
 */
import type { ProcessDefinition } from '@erp/shared/processes/define';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { restrictedRows, type AnySchemaSelect, type ReportContext, type ReportRow } from '../reports/engine.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface ProcessContext extends ReportContext {
  /** Runs an API route as the caller: its status and parsed JSON body. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  locale: string;
  /** E-mail out (server/src/mail/mailer.ts): the outside SMTP server, or the embedded capture. */
  mail: Mailer;
  /** Question ids the caller answered Yes to (§5 confirmations; a runItem may throw ConfirmationNeeded). */
  confirmations: ReadonlySet<string>;
}

/** One item's outcome, before the engine adds the item's id and label. */
export interface ItemOutcome {
  ResultStatus: number;
  ResultCode: string;
  Message: string;
  EntityId?: string | number | null;
  /** The item's own result fields (§3 variants, e.g. the order-invoice result's OrderKey, OrderNo, InvoiceId). */
  Data?: Record<string, unknown>;
  /** The documents the item made (issue 40 item 3): the engine adds each one's screen for the result's links. */
  Made?: readonly { Entity: string; Id: string | number; Number: string }[];
}

export interface ServerProcess {
  def: ProcessDefinition;
  prepare?(ctx: ProcessContext): Promise<ReportParameterError[]>;
  preview(ctx: ProcessContext): AnySchemaSelect;
  runItem(ctx: ProcessContext, row: ReportRow): Promise<ItemOutcome>;
  /** Runs many items in one transaction: one outcome per row, in the rows' order (the bulk path, above). */
  runBatch?(ctx: ProcessContext, rows: readonly ReportRow[]): Promise<ItemOutcome[]>;
}

/** Items per `runBatch` call. */
export const BATCH_SIZE = 1000;

const registry = new Map<string, ServerProcess>();

/**
 * Adds processes to the registry. §6 (issue 68 item 2): a process whose definition declares the entity its items
 * are records of (`records`) previews and runs, for a user restricted to assigned customers, only the items of
 * records they may see (the run re-reads the preview, so an item sent for another customer is not run).
 */
export function registerProcesses(processes: readonly ServerProcess[]): void {
  for (const process of processes) {
    const records = process.def.records;
    registry.set(process.def.name, records ? { ...process, preview: (ctx) => restrictedRows(ctx, records, process.preview(ctx)) } : process);
  }
}

export function registeredProcess(name: string): ServerProcess | undefined {
  return registry.get(name);
}

export function registeredProcesses(): ServerProcess[] {
  return [...registry.values()];
}
