/**
 * The "as of" time a report carries (issue 43 item 3: "As of 14:02:07"): when the data it read was current — the
 * standby's last replayed commit, or the primary's now (db/read-database.ts). Written in the user's language and
 * time zone, date and time to the second with the zone's name, on the PDF's letterhead and in the .xlsx's second
 * row; the grid writes the same ISO time in the browser's zone (ReportScreen.tsx).
 */
import { dateFormat } from '@erp/shared/format';
import { pdfSafe } from './pdf.ts';
import type { ReportTranslate } from './messages.ts';

const AS_OF_STYLE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' };

/** "As of Nov 25, 2026, 2:02:07 p.m. UTC" in the user's language and zone (a zone Intl does not know: UTC). */
export function asOfLine(iso: string, translate: ReportTranslate, locale: string, timeZone: string): string {
  const at = new Date(iso);
  let time: string;
  try {
    time = dateFormat(locale, { ...AS_OF_STYLE, timeZone }).format(at);
  } catch {
    time = dateFormat(locale, { ...AS_OF_STYLE, timeZone: 'UTC' }).format(at);
  }
  return pdfSafe(translate('reports:asOf', { time })).replace(/\u202f/g, '\u00a0');
}
