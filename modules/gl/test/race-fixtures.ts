/** Race fixtures of the General Ledger (server/test/race.test.ts, helpers/race.ts). */
import type { RaceFixtures } from '../../../server/test/helpers/race.ts';

const DATE = '2026-11-02';
const YEAR_END = 2025;

export const raceFixtures: RaceFixtures = {
  processes: {
    // A draft entry to post, between two accounts of its own.
    'gl-post-drafts': {
      async prepare(api) {
        for (const account of [
          { AccountId: '93100', Description: 'Race bank', AccountType: 'asset' },
          { AccountId: '93500', Description: 'Race expense', AccountType: 'expense' },
        ]) {
          if ((await api.post('/api/data/gl-account', account)).status !== 201) return null;
        }
        const lines = [
          { AccountId: '93500', Debit: '125.00' },
          { AccountId: '93100', Credit: '125.00' },
        ];
        const created = await api.post('/api/data/gl-journal-entry', { EntryDate: DATE, Description: 'Race draft', Lines: lines });
        return created.status === 201 ? { StartDate: DATE, EndDate: DATE } : null;
      },
    },
    // The demo's first year, its periods closed as the G/L tests close them; after every other step.
    'gl-year-end': {
      last: true,
      async prepare(api) {
        await api.db.updateTable('fiscal_periods').set({ closed_gl: 1 }).where('fiscal_year', '=', YEAR_END).execute();
        return { FiscalYear: YEAR_END, Action: 'close' };
      },
    },
  },
};
