/**
 * The lines a printed report carries under its title: the print time in the user's language and time zone, and
 * the parameters it ran with (labels and chosen options translated). Shared by the report routes and the
 * renderer of documents sent by e-mail (render.ts), which the routes also use.
 */
import { dateFormat, formatCalendarDate, labelled } from '@erp/shared/format';
import type { ReportParameterValues } from '@erp/shared/reports/define';
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
 * The parameters line of the files: "Start date: Jan 1, 2025 · End date: Jan 31, 2025" — dates in the
 * language's one date style, the language's colon (issue 21 item 7).
 */
export function parametersLine(report: ServerReport, params: ReportParameterValues, translate: ReportTranslate, locale: string): string {
  return report.def.parameters
    .filter((p) => params[p.name] !== undefined)
    .map((p) => {
      const raw = params[p.name]!;
      const option = p.options?.find((o) => o.value === raw);
      const value = option ? translate(option.labelKey) : p.type === 'date' ? formatCalendarDate(String(raw), locale) : String(raw);
      return labelled(translate(p.labelKey), value, locale);
    })
    .join(' · ');
}
