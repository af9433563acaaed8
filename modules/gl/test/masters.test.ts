/**
 * General Ledger masters (issue 12; definitions modules/gl/definitions, rules modules/gl/server) through the
 * generic data routes, on SQLite and PostgreSQL: §5 Accounting "Natural account segment must be 1 to 8
 * digits", §5 Sales reps and bank accounts (id required ≤ 20, name required ≤ 50, account name ≤ 50, a G/L
 * account required, an EFT status required) with the spec's texts, §8 "An account entered is not valid." for
 * headings and missing accounts, GL control's single row and retained-earnings rule, the fiscal year range,
 * and user codes as the code index filtered by application.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { schemaView } from '@erp/server/db/migration-db';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  // With the demo ledger's activity (off by default in tests).
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // Accounts the tests below refer to (ids of their own, beside the demo chart).
  for (const account of [
    { AccountId: '1', Description: 'Test heading', AccountType: 'asset', IsPostable: false },
    { AccountId: '10999', Description: 'Test bank', AccountType: 'asset' },
    { AccountId: '30999', Description: 'Test equity', AccountType: 'equity' },
    { AccountId: '40999', Description: 'Test revenue', AccountType: 'revenue' },
  ]) {
    const created = await post('gl-account', account);
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
  }
});

afterAll(async () => {
  await server?.stop();
});

const post = (entity: string, body: unknown) => call(server.app, 'POST', `/api/data/${entity}`, admin, body);
const errors = (response: { json(): unknown }) =>
  ((response.json() as { Data?: { Errors?: { field: string; key: string; message: string }[] } }).Data?.Errors ?? []).map(
    (error) => ({ field: error.field, key: error.key, message: error.message }),
  );

describe('gl-account (chart of accounts)', () => {
  it('refuses a natural account that is not 1 to 8 digits with the §5 text', async () => {
    for (const id of ['123456789', '12A4', '']) {
      const response = await post('gl-account', { AccountId: id, Description: 'Bad', AccountType: 'asset' });
      expect(response.statusCode, id).toBe(400);
      const [first] = errors(response);
      expect(first?.field).toBe('AccountId');
    }
    const nine = await post('gl-account', { AccountId: '123456789', Description: 'Bad', AccountType: 'asset' });
    expect(nine.json()).toMatchObject({ ResultCode: 'validation_failed', Message: 'Natural account segment must be 1 to 8 digits.' });
    expect(errors(nine)[0]).toMatchObject({ key: 'gl:rules.naturalAccount' });
  });

  it('saves an 8-digit account with its defaults and lists it', async () => {
    const created = await post('gl-account', { AccountId: '12345678', Description: 'Eight-digit test account', AccountType: 'expense' });
    expect(created.statusCode).toBe(201);
    expect(created.json().Data).toMatchObject({
      AccountId: '12345678',
      AccountType: 'expense',
      CurrencyCode: 'CAD',
      IsPostable: true,
      IsControl: false,
      IsActive: true,
    });
    const list = (await call(server.app, 'GET', '/api/data/gl-account?Search=Eight-digit', admin)).json();
    expect(list.List.map((row: { AccountId: string }) => row.AccountId)).toEqual(['12345678']);
  });

  it('refuses an unknown account type and a heading that is a control account', async () => {
    expect((await post('gl-account', { AccountId: '777', Description: 'X', AccountType: 'income' })).statusCode).toBe(400);
    const control = await post('gl-account', { AccountId: '778', Description: 'X', AccountType: 'asset', IsPostable: false, IsControl: true });
    expect(control.statusCode).toBe(400);
    expect(errors(control)[0]).toMatchObject({ field: 'IsControl', key: 'gl:gl-account.rules.controlPostable' });
  });
});

describe('bank-account (§5 Sales reps and bank accounts)', () => {
  const valid = { BankAccountId: 'TEST-OPERATING', Name: 'Test operating', GlAccountId: '10999', EftStatus: 'Active' };

  it('refuses a 21-character id, a blank id, a 51-character name or account name', async () => {
    const long = await post('bank-account', { ...valid, BankAccountId: 'A'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(long.json().Message).toBe('Bank account ID can be at most 20 characters.');
    const blank = await post('bank-account', { ...valid, BankAccountId: '' });
    expect(blank.json().Message).toBe('Bank account id is required.');
    const name = await post('bank-account', { ...valid, Name: 'N'.repeat(51) });
    expect(errors(name)[0]).toMatchObject({ field: 'Name', key: 'entities:validation.maxLength' });
    const noName = await post('bank-account', { ...valid, Name: ' ' });
    expect(noName.json().Message).toBe('Bank account name is required.');
    const accountName = await post('bank-account', { ...valid, AccountName: 'N'.repeat(51) });
    expect(errors(accountName)[0]).toMatchObject({ field: 'AccountName', key: 'entities:validation.maxLength' });
  });

  it('requires a G/L account and an EFT status with the spec texts', async () => {
    const { GlAccountId: _gl, ...noGl } = valid;
    const missingGl = await post('bank-account', noGl);
    expect(missingGl.statusCode).toBe(400);
    expect(missingGl.json().Message).toBe('A G/L account is required.');
    const { EftStatus: _eft, ...noEft } = valid;
    const missingEft = await post('bank-account', noEft);
    expect(missingEft.json().Message).toBe('An EFT status is required.');
  });

  it('refuses a G/L account that does not exist or is a heading (§8 An account entered is not valid.)', async () => {
    const unknown = await post('bank-account', { ...valid, GlAccountId: '99999999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Message).toBe('An account entered is not valid.');
    const heading = await post('bank-account', { ...valid, GlAccountId: '1' });
    expect(heading.statusCode).toBe(400);
    expect(heading.json().Message).toBe('An account entered is not valid.');
  });

  it('saves a valid bank account (20-character id, 50-character names)', async () => {
    const created = await post('bank-account', {
      ...valid,
      BankAccountId: 'B'.repeat(20),
      Name: 'N'.repeat(50),
      AccountName: 'A'.repeat(50),
      InstitutionTransit: '00312345',
      AccountNumber: '1234567',
    });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    expect(created.json().Data).toMatchObject({ BankAccountId: 'B'.repeat(20), CurrencyCode: 'CAD', DefaultForPayroll: false });
  });

  it('answers the messages in the caller’s language through the i18n keys', async () => {
    const response = await post('bank-account', { ...valid, BankAccountId: '' });
    expect(errors(response)[0]).toMatchObject({ field: 'BankAccountId', key: 'gl:bank-account.rules.idRequired' });
  });
});

describe('gl-control (one row) and gl-integration', () => {
  it('keeps one GL control row, with an equity retained-earnings account and a fiscal year in range', async () => {
    // The demo data holds the row; without it, the first create is allowed and a second refused.
    if ((await call(server.app, 'GET', '/api/data/gl-control/GL', admin)).statusCode === 404) {
      expect((await post('gl-control', { RetainedEarningsAccount: '30999', CurrentFiscalYear: 2026 })).statusCode).toBe(201);
    }
    const second = await post('gl-control', { ControlId: 'GL', RetainedEarningsAccount: '30999', CurrentFiscalYear: 2026 });
    expect(second.statusCode).toBe(400);
    const current = (await call(server.app, 'GET', '/api/data/gl-control/GL', admin)).json().Data as { Version: number };
    const put = (body: Record<string, unknown>) => call(server.app, 'PUT', '/api/data/gl-control/GL', admin, { ...body, Version: current.Version });
    const revenue = await put({ RetainedEarningsAccount: '40999' });
    expect(errors(revenue)[0]).toMatchObject({ field: 'RetainedEarningsAccount', key: 'gl:gl-control.rules.retainedEarnings' });
    const year = await put({ CurrentFiscalYear: 999 });
    expect(year.json().Message).toBe('Fiscal year must be greater than 1000 and less than 9999.');
    expect((await put({ CurrentFiscalYear: 9999 })).statusCode).toBe(400);
    const layout = await put({ SegmentLayout: '999999999' });
    expect(layout.json().Message).toBe('Natural account segment must be 1 to 8 digits.');
    const ok = await put({ RetainedEarningsAccount: '30999', SegmentLayout: '9999-99' });
    expect(ok.statusCode, JSON.stringify(ok.json())).toBe(200);
  });

  it('maps a sub-ledger transaction type to a postable account, once', async () => {
    const heading = await post('gl-integration', { SubLedger: 'AR', TransactionType: 'TEST-SALE', AccountId: '1' });
    expect(heading.json().Message).toBe('An account entered is not valid.');
    const created = await post('gl-integration', { SubLedger: 'AR', TransactionType: 'test-sale', AccountId: '40999' });
    expect(created.statusCode).toBe(201);
    expect(created.json().Data).toMatchObject({ TransactionType: 'TEST-SALE' });
    const again = await post('gl-integration', { SubLedger: 'AR', TransactionType: 'TEST-SALE', AccountId: '40999' });
    expect(again.statusCode).toBe(400);
  });

  it('refuses to delete an account a master refers to', async () => {
    const account = (await call(server.app, 'GET', '/api/data/gl-account/40999', admin)).json().Data as { Version: number };
    const deleted = await call(server.app, 'DELETE', `/api/data/gl-account/40999?Version=${account.Version}`, admin);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ ResultCode: 'in_use' });
  });
});

describe('user codes (code-index by application)', () => {
  it('filters the code index by application and refuses an unknown application', async () => {
    const created = await post('code-index', { Application: 'NOVUS-GL', CodeType: 'GL-TEST', Code: 'A', Description: 'GL code' });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    const list = (await call(server.app, 'GET', '/api/data/code-index?filter.Application=NOVUS-GL', admin)).json();
    expect(list.List.map((row: { Code: string; Application: string }) => row.Application)).toEqual(
      list.List.map(() => 'NOVUS-GL'),
    );
    expect(list.List.some((row: { CodeType: string }) => row.CodeType === 'GL-TEST')).toBe(true);
    const unknown = await post('code-index', { Application: 'NOPE', CodeType: 'GL-TEST', Code: 'B', Description: 'x' });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('foreign-exchange (rates as exact decimals RATE (12,6))', () => {
  it('saves a USD/CAD rate as an exact decimal string and refuses malformed ones with a 4xx', async () => {
    const created = await post('foreign-exchange', { FromCurrency: 'usd', ToCurrency: 'CAD', EffectiveDate: '2031-01-02', Rate: '1.365', Fluctuation: '2.5' });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    expect(created.json().Data).toMatchObject({ FromCurrency: 'USD', ToCurrency: 'CAD', Rate: '1.365000', Fluctuation: '2.50' });
    for (const Rate of ['1e400', 1.365, '0.0000001', 'Infinity', '-1.000000', '0', '1234567.000000']) {
      const response = await post('foreign-exchange', { FromCurrency: 'USD', ToCurrency: 'CAD', EffectiveDate: '2031-02-02', Rate });
      expect(response.statusCode, String(Rate)).toBe(400);
      expect(errors(response)[0]?.field, String(Rate)).toBe('Rate');
    }
    const zero = await post('foreign-exchange', { FromCurrency: 'USD', ToCurrency: 'CAD', EffectiveDate: '2031-02-02', Rate: '0' });
    expect(zero.json().Message).toBe('The rate must be greater than zero.');
  });

  it('refuses the same currency twice, a bad date and a second rate for the same pair and day', async () => {
    const same = await post('foreign-exchange', { FromCurrency: 'CAD', ToCurrency: 'CAD', EffectiveDate: '2031-03-01', Rate: '1' });
    expect(same.json().Message).toBe('The two currencies must differ.');
    const badDate = await post('foreign-exchange', { FromCurrency: 'EUR', ToCurrency: 'CAD', EffectiveDate: '2031-02-30', Rate: '1.5' });
    expect(badDate.statusCode).toBe(400);
    const again = await post('foreign-exchange', { FromCurrency: 'USD', ToCurrency: 'CAD', EffectiveDate: '2031-01-02', Rate: '1.4' });
    expect(again.statusCode).toBe(400);
    expect(errors(again)[0]).toMatchObject({ key: 'entities:validation.duplicate' });
  });
});

describe('GL demo masters (modules/gl/server/seed.ts)', () => {
  it('holds the chart, GL control, integration defaults on postable accounts, rates and two bank accounts', async () => {
    const list = async (url: string) => (await call(server.app, 'GET', url, admin)).json() as { TotalCount: number; List: Record<string, unknown>[] };
    const chart = await list('/api/data/gl-account?PageSize=1000');
    const accounts = new Map(chart.List.map((row) => [row['AccountId'] as string, row]));
    for (const id of ['1000', '1100', '1200', '1310', '2100', '2200', '3200', '4100', '5100', '6100']) expect(accounts.has(id), id).toBe(true);
    expect(accounts.has('4000')).toBe(false); // WP1 acceptance check 1 creates it
    expect(accounts.get('1100')).toMatchObject({ AccountType: 'asset', IsControl: true });
    expect((await call(server.app, 'GET', '/api/data/gl-control/GL', admin)).json().Data).toMatchObject({ HomeCurrency: 'CAD' });
    const integration = await list('/api/data/gl-integration?PageSize=1000');
    expect(integration.TotalCount).toBeGreaterThanOrEqual(29);
    for (const row of integration.List) expect(accounts.get(row['AccountId'] as string)?.['IsPostable'], String(row['TransactionType'])).toBe(true);
    const rates = await list('/api/data/foreign-exchange?filter.FromCurrency=USD&PageSize=1');
    expect(rates.TotalCount).toBeGreaterThanOrEqual(23);
    expect(rates.List[0]!['Rate']).toMatch(/^1\.\d{6}$/);
    const banks = await list('/api/data/bank-account?Search=account');
    expect(banks.List.map((row) => row['BankAccountId']).sort()).toEqual(expect.arrayContaining(['OPERATING', 'USD']));
  });

  it('changes nothing when run again', async () => {
    const { seedGlMasters } = await import('../server/seed.ts');
    expect(await seedGlMasters(schemaView(server.app.erp.database.db))).toEqual([]);
  });
});

describe('GL demo ledger (modules/gl/server/seed-ledger.ts)', () => {
  it('has fiscal years 2025 and 2026 of 12 contiguous open periods each', async () => {
    const rows = (await server.app.erp.database.db
      .selectFrom('fiscal_periods' as never)
      .select(['fiscal_year', 'period_no', 'start_date', 'end_date'] as never[])
      .orderBy('fiscal_year' as never)
      .orderBy('period_no' as never)
      .execute()) as { fiscal_year: number; period_no: number; start_date: string; end_date: string }[];
    const list = {
      List: rows.map((row) => ({ FiscalYear: Number(row.fiscal_year), PeriodNo: Number(row.period_no), StartDate: row.start_date, EndDate: row.end_date })),
    };
    for (const year of [2025, 2026]) {
      const periods = list.List.filter((row) => row.FiscalYear === year);
      expect(periods.map((row) => row.PeriodNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(periods[0]!.StartDate).toBe(`${year}-01-01`);
      expect(periods[11]!.EndDate).toBe(`${year}-12-31`);
      for (let i = 1; i < 12; i++) {
        const next = new Date(`${periods[i - 1]!.EndDate}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        expect(periods[i]!.StartDate).toBe(next.toISOString().slice(0, 10));
      }
    }
  });

  it('posted months of balanced activity through the posting service: every period’s debits equal its credits', async () => {
    const db = server.app.erp.database.db;
    const { decimalFromDb } = await import('@erp/server/db/decimal-codec');
    const { add } = await import('@erp/shared/decimal');
    const rows = (await db
      .selectFrom('gl_balances' as never)
      .select(['fiscal_year', 'period_no', 'debit', 'credit'] as never[])
      .where('account_id' as never, 'not like', '99%' as never)
      .execute()) as { fiscal_year: number; period_no: number; debit: unknown; credit: unknown }[];
    const periods = new Map<string, { debit: string; credit: string }>();
    for (const row of rows) {
      const key = `${row.fiscal_year}-${row.period_no}`;
      const figures = periods.get(key) ?? { debit: '0.00', credit: '0.00' };
      figures.debit = add(figures.debit, decimalFromDb(db, row.debit, 2) ?? '0.00');
      figures.credit = add(figures.credit, decimalFromDb(db, row.credit, 2) ?? '0.00');
      periods.set(key, figures);
    }
    expect(periods.size).toBeGreaterThanOrEqual(22);
    for (const [key, figures] of periods) expect(figures.debit, key).toBe(figures.credit);
    const sales = rows.length;
    expect(sales).toBeGreaterThan(200);
    const entries = (await db.selectFrom('gl_entries' as never).select(({ fn }) => fn.countAll().as('n')).executeTakeFirst()) as { n: unknown };
    expect(Number(entries.n)).toBeGreaterThan(500);
  });

  it('changes nothing at the next start', async () => {
    const db = server.app.erp.database.db;
    const count = async () => Number(((await db.selectFrom('gl_entries' as never).select(({ fn }) => fn.countAll().as('n')).executeTakeFirst()) as { n: unknown }).n);
    const before = await count();
    const { seedGl } = await import('../server/seed-ledger.ts');
    await seedGl(schemaView(db));
    expect(await count()).toBe(before);
  });
});

describe('the GL reports over the demo ledger', () => {
  it('shows real figures: the trial balance of 2025-06 has the demo accounts, debits equal to credits', async () => {
    const response = await call(server.app, 'POST', '/api/reports/gl-trial-balance/run', admin, { Parameters: { FiscalYear: 2025, PeriodNo: 6 } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { List: Record<string, unknown>[]; Totals: Record<string, string> };
    const accounts = body.List.map((row) => row['AccountId']);
    for (const id of ['1000', '1100', '2100', '2200', '4100', '5100', '6100']) expect(accounts, id).toContain(id);
    // The period's activity and the closing balances both balance, and are not empty.
    expect(body.Totals['PeriodDebit']).toMatch(/^\d+\.\d{2}$/);
    expect(body.Totals['PeriodDebit']).not.toBe('0.00');
    expect(body.Totals['PeriodDebit']).toBe(body.Totals['PeriodCredit']);
    expect(body.Totals['Debit']).not.toBe('0.00');
    expect(body.Totals['Debit']).toBe(body.Totals['Credit']);
  });
});
