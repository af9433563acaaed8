/**
 * The service desk's calendar (issue 27 item 4): a day is worked when the control record marks its weekday as
 * a working day and it is not an active holiday of Holiday maintenance (the order desk's `holidays` table,
 * OE-15). The scheduler and the `schedule` action read it; `loadCalendar` reads the control row and the
 * holidays once, so a run over thousands of orders asks the database twice.
 */
import { BusinessError } from '@erp/server/entities/call-result';
import type { Kysely } from 'kysely';
import { isTruthyFlag } from '@erp/server/entities/wire';
import { WEEKDAYS } from '../definitions/common.ts';
import { WD_CONTROL_ID } from '../definitions/masters.ts';
import type { WdControlRow, WdDatabase } from './tables.generated.ts';

export interface WdCalendar {
  workingWeekdays: ReadonlySet<number>;
  holidays: ReadonlySet<string>;
  crews: readonly string[];
  capacity: number;
  revenueAccount: string;
  termsCode: string | null;
}

/** The control row, or §8-style refusal naming the missing setup. */
export async function controlRow(db: Kysely<WdDatabase>): Promise<WdControlRow> {
  const row = await db.selectFrom('wd_control').selectAll().where('control_id', '=', WD_CONTROL_ID).executeTakeFirst();
  if (!row) throw BusinessError.of(409, 'no_control', 'wd:rules.noControl');
  return row;
}

export async function loadCalendar(db: Kysely<WdDatabase>): Promise<WdCalendar> {
  const row = await controlRow(db);
  const workingWeekdays = new Set(WEEKDAYS.map((day, index) => (isTruthyFlag(row[day.toLowerCase() as Lowercase<typeof day>]) ? index : -1)).filter((index) => index >= 0));
  const holidays = await db.selectFrom('holidays').select('holiday_date').where('is_active', '=', 1).execute();
  return {
    workingWeekdays,
    holidays: new Set(holidays.map((holiday) => String(holiday['holiday_date']))),
    crews: (row.crews ?? '')
      .split(',')
      .map((crew) => crew.trim())
      .filter((crew) => crew !== ''),
    capacity: row.jobs_per_crew_per_day ?? 1,
    revenueAccount: String(row.revenue_account),
    termsCode: row.terms_code,
  };
}

/** The weekday of a `YYYY-MM-DD` date (0 Sunday … 6 Saturday), whatever the server's zone. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

export function isWorkingDay(calendar: WdCalendar, date: string): boolean {
  return calendar.workingWeekdays.has(weekdayOf(date)) && !calendar.holidays.has(date);
}

/** The first working day on or after `date` (a year ahead at most: a calendar with no working day refuses). */
export function nextWorkingDay(calendar: WdCalendar, date: string): string {
  let day = date;
  for (let i = 0; i < 366; i += 1) {
    if (isWorkingDay(calendar, day)) return day;
    day = addDays(day, 1);
  }
  throw BusinessError.of(409, 'no_working_day', 'wd:rules.noWorkingDay');
}
