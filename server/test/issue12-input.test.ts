/**
 * Malformed input to the issue-12 calls (the generic action call, fiscal years, reports, processes) gets a
 * clear 4xx CallResult with a message, never a 500 (issue 12 "Reliability"; schemas in http/schemas.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let admin: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});
afterAll(async () => server?.stop());

function expectClear4xx(response: { statusCode: number; json(): unknown }, label: string) {
  expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  const body = response.json() as Json;
  expect(body.ResultStatus, label).toBeTypeOf('number');
  expect(String(body.Message ?? ''), label).not.toBe('');
}

describe('issue 12 calls refuse malformed input with a 4xx message', () => {
  it('the generic action call', async () => {
    const url = '/api/data/gl-journal-entry/1/actions/post';
    for (const [label, body] of [
      ['Version 1e400', { Version: '1e400' }],
      ['Version 1.5', { Version: 1.5 }],
      ['unknown field', { Version: 1, Sneaky: true }],
      ['no version', {}],
      ['confirmations not a list', { Version: 1, Confirmations: 'yes' }],
    ] as const) {
      expectClear4xx(await post(url, body), label);
    }
    expectClear4xx(await post('/api/data/gl-journal-entry/1/actions/Bad_Action', { Version: 1 }), 'bad action name');
    expectClear4xx(await post('/api/data/gl-journal-entry/999999999/actions/post', { Version: 1 }), 'foreign id');
    expectClear4xx(await post('/api/data/gl-journal-entry/abc/actions/post', { Version: 1 }), 'non-numeric id');
    expectClear4xx(await post('/api/data/gl-journal-entry/1/actions/post?x=1', { Version: 1 }), 'query string');
  });

  it('fiscal years', async () => {
    for (const [label, body] of [
      ['FiscalYear 1e400', { FiscalYear: '1e400' }],
      ['FiscalYear decimal', { FiscalYear: 2030.5 }],
      ['bad start date', { FiscalYear: 2030, StartDate: '2030-02-30' }],
      ['14 periods', { FiscalYear: 2030, Periods: 14 }],
      ['unknown field', { FiscalYear: 2030, Extra: 1 }],
    ] as const) {
      expectClear4xx(await post('/api/data/accounting-period/fiscal-years', body), label);
    }
  });

  it('reports and processes', async () => {
    for (const [label, url, body] of [
      ['report bad date', '/api/reports/gl-detailed-ledger/run', { Parameters: { StartDate: '2025-13-01', EndDate: '2025-12-31' } }],
      // eslint-disable-next-line no-loss-of-precision -- 1e400 is Infinity on purpose: the input check must refuse it
      ['report money 1e400', '/api/reports/gl-detailed-ledger/run', { Parameters: { StartDate: 1e400, EndDate: '2025-12-31' } }],
      ['report unknown field', '/api/reports/gl-trial-balance/pdf', { Parameters: {}, Extra: 1 }],
      ['report foreign account', '/api/reports/gl-account-enquiry/run', { Parameters: { StartDate: '2025-01-01', EndDate: '2025-12-31', AccountId: 'NOPE' } }],
      ['unknown report', '/api/reports/no-such-report/xlsx', { Parameters: {} }],
      ['process foreign items', '/api/processes/no-such-process/run', { Parameters: {}, Items: ['x'] }],
      ['process 0.001 page', '/api/processes/gl-post-drafts/preview', { Parameters: { StartDate: '0.001' } }],
    ] as const) {
      expectClear4xx(await post(url, body), label);
    }
  });
});
