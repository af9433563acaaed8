/**
 * Remitting periods of the source deductions and their due dates (issue 45 item 4), by remitter type, as the CRA
 * publishes them ("How and when to pay (remit) source deductions – Due date", canada.ca; T4001 Employers' Guide
 * ch. 8). A remittance covers the remuneration *paid* in the period:
 * - `Quarterly`: January–March, April–June, July–September, October–December; due the 15th of the next month.
 * - `Regular`: a calendar month; due the 15th of the next month.
 * - `Threshold1` (accelerated, average monthly withholding $25,000 to $99,999.99): the 1st–15th, due the 25th of
 *   the same month; the 16th–end, due the 10th of the next month.
 * - `Threshold2` (accelerated, $100,000 or more): the 1st–7th, 8th–14th, 15th–21st and 22nd–end; due the third
 *   working day after the period's last day.
 * A due date on a Saturday or Sunday moves to the next business day. Public holidays are not modelled (the CRA's
 * list varies by year and province): on a holiday, the due date shown is a day early, never late.
 *
 * Pure: dates are ISO `YYYY-MM-DD` strings, computed in UTC.
 */

import type { REMITTER_TYPES } from '../definitions/reports.ts';

export type RemitterType = (typeof REMITTER_TYPES)[number];

export interface RemittingPeriod {
  start: string;
  end: string;
  due: string;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month, date));
const lastOfMonth = (year: number, month: number) => day(year, month + 1, 0);
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;
const nextDay = (date: Date) => day(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);

/** The date itself, or the next business day when it falls on a weekend. */
function businessDay(date: Date): Date {
  let result = date;
  while (isWeekend(result)) result = nextDay(result);
  return result;
}

/** The `count`th working day after `date`. */
function workingDaysAfter(date: Date, count: number): Date {
  let result = date;
  for (let left = count; left > 0; ) {
    result = nextDay(result);
    if (!isWeekend(result)) left -= 1;
  }
  return result;
}

/** The remitting periods of a calendar year for a remitter type, in order. */
export function remittingPeriods(year: number, type: RemitterType): RemittingPeriod[] {
  const periods: RemittingPeriod[] = [];
  const add = (start: Date, end: Date, due: Date) => periods.push({ start: iso(start), end: iso(end), due: iso(due) });
  for (let month = 0; month < 12; month++) {
    const last = lastOfMonth(year, month);
    switch (type) {
      case 'Quarterly':
        if (month % 3 === 0) add(day(year, month, 1), lastOfMonth(year, month + 2), businessDay(day(year, month + 3, 15)));
        break;
      case 'Regular':
        add(day(year, month, 1), last, businessDay(day(year, month + 1, 15)));
        break;
      case 'Threshold1':
        add(day(year, month, 1), day(year, month, 15), businessDay(day(year, month, 25)));
        add(day(year, month, 16), last, businessDay(day(year, month + 1, 10)));
        break;
      case 'Threshold2':
        for (const [first, end] of [[1, 7], [8, 14], [15, 21]] as const) add(day(year, month, first), day(year, month, end), workingDaysAfter(day(year, month, end), 3));
        add(day(year, month, 22), last, workingDaysAfter(last, 3));
        break;
    }
  }
  return periods;
}
