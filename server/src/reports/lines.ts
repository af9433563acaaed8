/**
 * The lines of a report file, in the order both files (pdf.ts, xlsx.ts) write them: group headings, opening
 * balances, rows, subtotals, closing balances, the totals — one walk over the engine's event stream, so the
 * two formats cannot differ in what they show. The writer says how to put each line down; the walk waits
 * for the client every `every` rows (flat memory) and stops when it goes away.
 */
import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import type { Decimal } from '@erp/shared/decimal';
import type { ReportColumn } from '@erp/shared/reports/define';
import type { ReportEvent, ReportRow } from './engine.ts';
import type { ReportTranslate } from './messages.ts';

export interface ReportLineWriter {
  row(row: ReportRow): void;
  /** A group's heading line (its start). */
  heading(event: Extract<ReportEvent, { kind: 'groupStart' }>): void;
  /** A labelled line: the label in the first columns, the figures under their columns. */
  summary(label: string, figures: Record<string, unknown>): void;
  /** After a group's last line (its subtotal and closing balance). */
  groupEnd?(event: Extract<ReportEvent, { kind: 'groupEnd' }>): void;
  /** True while the writer's own output is behind the client. */
  behind(): boolean;
}

/**
 * Waits for the client: until `out` drains (or closes) when it is full, else one turn, in which the
 * document's own buffered bytes flow on into `out`.
 */
export async function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain) {
    await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  const stop = new AbortController();
  const quiet = (promise: Promise<unknown>) => promise.catch(() => undefined);
  await Promise.race([quiet(once(out, 'drain', { signal: stop.signal })), quiet(once(out, 'close', { signal: stop.signal }))]);
  stop.abort();
}

/**
 * Writes every line of `events` through `writer`; the running balance column (if any) carries the opening
 * and closing balances. Answers false when the client went away before the end (nothing more to write).
 */
export async function writeReportLines(
  out: PassThrough,
  events: AsyncGenerator<ReportEvent, Record<string, Decimal | number>>,
  options: { running: ReportColumn | undefined; translate: ReportTranslate; every: number },
  writer: ReportLineWriter,
): Promise<boolean> {
  const { running, translate } = options;
  const balance = (labelKey: string, value: Decimal | undefined) => {
    if (value !== undefined && running) writer.summary(translate(labelKey), { [running.field]: value });
  };
  let rows = 0;
  let result = await events.next();
  while (!result.done) {
    const event = result.value;
    if (event.kind === 'row') {
      rows++;
      writer.row(event.row);
    } else if (event.kind === 'groupStart') {
      writer.heading(event);
      balance('reports:labels.openingBalance', event.opening);
    } else {
      writer.summary(translate('reports:labels.subtotal', { group: event.key }), event.subtotals);
      balance('reports:labels.closingBalance', event.closing);
      writer.groupEnd?.(event);
    }
    if (rows % options.every === 0) {
      while ((out.writableNeedDrain || writer.behind()) && !out.destroyed) await drained(out);
      if (out.destroyed) return false;
    }
    result = await events.next();
  }
  writer.summary(translate('reports:labels.totals'), result.value);
  return true;
}
