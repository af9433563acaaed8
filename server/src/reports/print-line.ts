/**
 * The lines a printed report carries under its title: the print time in the user's language and time zone, and
 * the parameters it ran with (labels and chosen options translated). Shared by the report routes and the
 * renderer of documents sent by e-mail (render.ts), which the routes also use.
 */
import { dateFormat, formatCalendarDate, formatInteger, labelled } from '@erp/shared/format';
import type { ReportParameterValues } from '@erp/shared/reports/define';
import { registeredEntity } from '../entities/registry.ts';
import type { Kysely } from 'kysely';
import { dynamicDb } from '../db/dynamic-db.ts';
import type { ServerReport } from './engine.ts';
import type { ReportTranslate } from './messages.ts';
import { pdfSafe } from './pdf.ts';

const PRINT_TIME_STYLE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

/** The print time in the user's language and time zone (null: a zone Intl does not know). */
export function printTime(now: Date, locale: string, timeZone: string): string | null {
  try {
    // DATE_TIME_STYLE's parts (dateStyle cannot be combined with timeZoneName), plus the zone's name.
    return pdfSafe(dateFormat(locale, { ...PRINT_TIME_STYLE, timeZone }).format(now));
  } catch {
    return null;
  }
}

/**
 * The business numbers of the records a report's parameters name by their internal key (a parameter with `entity`
 * whose definition's `numberField` is not its key: the remittance advice's payment): no file prints "Payment ID: 5"
 * where a person reads (issue 71 item 2), it prints the payment's number. Parameter name → number.
 */
export async function parameterNumbers<D>(typed: Kysely<D>, report: ServerReport, params: ReportParameterValues): Promise<Record<string, string>> {
  const db = dynamicDb(typed);
  const numbers: Record<string, string> = {};
  for (const p of report.def.parameters) {
    const value = params[p.name];
    const def = p.entity ? registeredEntity(p.entity)?.def : undefined;
    if (value === undefined || value === null || value === '' || !def || def.numberField === def.key) continue;
    const column = (name: string) => (def.fields[name] as { column?: string } | undefined)?.column ?? name;
    const integer = def.fields[def.key]?.type === 'integer';
    const key = integer ? Number(value) : String(value);
    if (integer && !Number.isSafeInteger(key)) continue;
    const row = (await db.selectFrom(def.table).select(`${column(def.numberField)} as number`).where(column(def.key), '=', key).executeTakeFirst()) as { number?: unknown } | undefined;
    // A record without a number (an EFT payment has no cheque number): '' — the line leaves the parameter out.
    numbers[p.name] = row?.number === undefined || row.number === null ? '' : String(row.number);
  }
  return numbers;
}

/**
 * The parameters line of the files: "Start date: Jan 1, 2025 · End date: Jan 31, 2025" — dates in the
 * language's one date style, the language's colon (issue 21 item 7); a record named by its key shows its number
 * (`numbers`, from `parameterNumbers`).
 */
export function parametersLine(report: ServerReport, params: ReportParameterValues, translate: ReportTranslate, locale: string, numbers: Readonly<Record<string, string>> = {}): string {
  return report.def.parameters
    .filter((p) => params[p.name] !== undefined && numbers[p.name] !== '')
    .map((p) => {
      const raw = params[p.name]!;
      const option = p.options?.find((o) => o.value === raw);
      const value = option
        ? translate(option.labelKey)
        : numbers[p.name] !== undefined
          ? numbers[p.name]!
          : p.type === 'date'
            ? formatCalendarDate(String(raw), locale)
            : p.type === 'integer' && typeof raw === 'number'
              ? formatInteger(raw, locale, false)
              : String(raw);
      return labelled(translate(p.labelKey), value, locale);
    })
    .join(' · ');
}
