/** Race fixtures of Waste Disposal (server/test/race.test.ts, helpers/race.ts). */
import { firstKeyIn, updateRecord, type RaceFixtures } from '../../../server/test/helpers/race.ts';

/** A Monday of the demo fiscal year's open November, a working day of the demo calendar. */
const DATE = '2026-11-16';

export const raceFixtures: RaceFixtures = {
  processes: {
    // The process's default day is today, and the demo schedules jobs on working days only: on a weekend or a
    // holiday today has none. The first day with a crew's Scheduled jobs, alike on both servers.
    'wd-serialize-work-load': {
      prepare: async (api) => {
        const first = await api.db
          .selectFrom('wd_orders')
          .where('status', '=', 'Scheduled')
          .where('crew_id', 'is not', null)
          .select((eb) => eb.fn.min('scheduled_date').as('day'))
          .executeTakeFirst();
        const day: unknown = first?.day;
        if (day === null || day === undefined) return null;
        return { WorkDate: day instanceof Date ? day.toISOString().slice(0, 10) : String(day) };
      },
    },
  },
  actions: {
    // The first order the scheduler left Entered, given the day and the crew (of the control record's CREW1–CREW3) the schedule needs.
    'wd-order schedule': async (api) => {
      const id = await firstKeyIn(api, 'wd-order', ['Entered']);
      await updateRecord(api, 'wd-order', id, { ScheduledDate: DATE, CrewId: 'CREW1' });
      return id;
    },
  },
};
