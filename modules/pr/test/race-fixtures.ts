/**
 * Race fixtures of Payroll (server/test/race.test.ts, helpers/race.ts): one pay run through its three steps — the
 * steps the adversarial run found acting 4 and 10 times (issue 39) — then the rate update and the year end.
 */
import { firstKey, type RaceFixtures } from '../../../server/test/helpers/race.ts';

const PAY = '2026-11-27';

export const raceFixtures: RaceFixtures = {
  processes: {
    'pr-cheque-preparation': {
      async prepare(api) {
        for (const [employee, code, rate] of [['E1001', 'REG', '48.7500'], ['E1003', 'SAL', '36.2500'], ['E1005', 'REG', '22.5000']] as const) {
          const created = await api.post('/api/data/pr-transaction', { EmployeeId: employee, PayDate: PAY, Lines: [{ CodeId: code, Hours: '80.0000', Rate: rate }] });
          if (created.status !== 201) throw new Error(JSON.stringify(created.json));
        }
        return { PayDate: PAY };
      },
    },
    'pr-payment-processing': { prepare: async () => ({ PayDate: PAY, BankAccountId: 'OPERATING', FirstChequeNo: 90001 }) },
    'pr-journal-posting': { prepare: async () => ({ PayDateTo: PAY }) },
    'pr-hourly-rate-update': { prepare: async () => ({ UnionLevelId: 'IBEW-FP', Percent: '3' }) },
    'pr-generate-work-orders': { prepare: async (api) => ({ SiteId: await firstKey(api, 'job-site'), OrderDate: PAY, ServiceType: 'Construction' }) },
    'pr-year-end': { last: true, prepare: async () => ({ Year: 2026 }) },
  },
};
