/** Race fixtures of Waste Disposal (server/test/race.test.ts, helpers/race.ts). */
import { firstKeyIn, updateRecord, type RaceFixtures } from '../../../server/test/helpers/race.ts';

/** A Monday of the demo fiscal year's open November, a working day of the demo calendar. */
const DATE = '2026-11-16';

export const raceFixtures: RaceFixtures = {
  processes: {},
  actions: {
    // The first order the scheduler left Entered, given the day and the crew (of the control record's CREW1–CREW3) the schedule needs.
    'wd-order schedule': async (api) => {
      const id = await firstKeyIn(api, 'wd-order', ['Entered']);
      await updateRecord(api, 'wd-order', id, { ScheduledDate: DATE, CrewId: 'CREW1' });
      return id;
    },
  },
};
