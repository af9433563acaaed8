/**
 * AR commercial setup (issue 14 item 1) on SQLite and PostgreSQL: account terms, sales reps (§5 id required
 * ≤ 20, name required ≤ 50, commission not negative — the spec's texts), sales taxes (authorities, rates by
 * province and effective date, groups), the firm's AccountTerms and SalesRep as real lookups, the demo
 * masters, and the pure tax computation (modules/ar/definitions/tax.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxesFor, type TaxRate } from '../definitions/tax.ts';
import { termsDates } from '../definitions/setup/index.ts';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { apiAs, signedInServer } from '../../../server/test/helpers/api.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const { get, post, put, json } = apiAs(() => server, () => admin);
const messages = (response: { json(): unknown }) => ((json(response).Data?.Errors ?? []) as Json[]).map((e) => e.message);

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
});

afterAll(() => server?.stop());

describe('sales reps (§5, §9)', () => {
  it('refuses a blank id, a 21-character id, a name over 50 and a negative commission with the spec texts', async () => {
    const blank = await post('/api/data/sales-rep', { SalesRepId: '', Name: 'Ann Smith' });
    expect(blank.statusCode).toBe(400);
    expect(messages(blank)).toContain('Sales rep id is required, at most 20 characters.');
    const long = await post('/api/data/sales-rep', { SalesRepId: 'R'.repeat(21), Name: 'Ann Smith' });
    expect(long.statusCode).toBe(400);
    expect(messages(long)).toContain('Sales rep id is required, at most 20 characters.');
    const noName = await post('/api/data/sales-rep', { SalesRepId: 'TST01' });
    expect(messages(noName)).toContain('Sales rep name is required, at most 50 characters.');
    const longName = await post('/api/data/sales-rep', { SalesRepId: 'TST01', Name: 'N'.repeat(51) });
    expect(longName.statusCode).toBe(400);
    expect(messages(longName)).toContain('Sales rep name is required, at most 50 characters.');
    const negative = await post('/api/data/sales-rep', { SalesRepId: 'TST01', Name: 'Ann Smith', CommissionPercent: '-0.01' });
    expect(negative.statusCode).toBe(400);
    expect(messages(negative)).toContain('Commission percent cannot be negative.');
  });

  it('keeps a 20-character id and a 50-character name', async () => {
    const ok = await post('/api/data/sales-rep', { SalesRepId: 'R'.repeat(20), Name: 'N'.repeat(50), CommissionPercent: '2.75' });
    expect(ok.statusCode, JSON.stringify(ok.json())).toBe(201);
    expect(json(ok).Data).toMatchObject({ SalesRepId: 'R'.repeat(20), CommissionPercent: '2.75', IsActive: true });
  });

  it('seeds the demo reps SR01 … SR20', async () => {
    const list = json(await get('/api/data/sales-rep?filter.IsActive=true&PageSize=250')).List as Json[];
    expect(list.map((r) => r.SalesRepId)).toEqual(expect.arrayContaining(['SR01', 'SR02', 'SR20']));
  });
});

describe('account terms', () => {
  it('seeds COD, NET15, NET30, NET60 and a discount term, and gives due and discount dates', async () => {
    const list = json(await get('/api/data/account-terms?PageSize=250')).List as Json[];
    expect(list.map((t) => t.TermsCode)).toEqual(expect.arrayContaining(['COD', 'NET15', 'NET30', 'NET60', '2N30']));
    expect(list.find((t) => t.TermsCode === '2N30')).toMatchObject({ NetDays: 30, DiscountPercent: '2.00', DiscountDays: 10 });
    expect(termsDates({ NetDays: 30, DiscountDays: 10, DiscountPercent: '2.00' }, '2031-01-25')).toEqual({ dueDate: '2031-02-24', discountDate: '2031-02-04' });
    expect(termsDates({ NetDays: 30, DiscountDays: 0, DiscountPercent: '0.00' }, '2031-01-25')).toEqual({ dueDate: '2031-02-24', discountDate: null });
  });

  it('refuses discount days beyond the net days', async () => {
    const bad = await post('/api/data/account-terms', { TermsCode: 'BAD', Description: 'Bad', NetDays: 10, DiscountPercent: '1.00', DiscountDays: 15 });
    expect(bad.statusCode).toBe(400);
    expect(messages(bad)).toContain('Discount days cannot exceed net days.');
  });
});

describe("the firm's terms and sales rep are lookups", () => {
  it('refuses an unknown terms code or sales rep, accepts known ones', async () => {
    const firm = json(await get('/api/data/firm/B200')).Data;
    const badTerms = await put('/api/data/firm/B200', { AccountTerms: 'NET99', Version: firm.Version });
    expect(badTerms.statusCode).toBe(400);
    expect(json(badTerms).Data.Errors[0].field).toBe('AccountTerms');
    const badRep = await put('/api/data/firm/B200', { SalesRep: 'NOBODY', Version: firm.Version });
    expect(badRep.statusCode).toBe(400);
    expect(json(badRep).Data.Errors[0].field).toBe('SalesRep');
    const good = await put('/api/data/firm/B200', { AccountTerms: '2N30', SalesRep: 'SR05', Version: firm.Version });
    expect(good.statusCode, JSON.stringify(good.json())).toBe(200);
    expect(json(good).Data).toMatchObject({ AccountTerms: '2N30', SalesRep: 'SR05' });
  });

  it("keeps every firm's existing terms and rep valid (the masters hold every code firms use)", async () => {
    const db = server.app.erp.database.db;
    const orphanTerms = await db.selectFrom('firms' as never).select('firm_id' as never).where('account_terms' as never, 'is not', null as never)
      .where('account_terms' as never, 'not in', db.selectFrom('ar_account_terms' as never).select('terms_code' as never) as never).execute();
    const orphanReps = await db.selectFrom('firms' as never).select('firm_id' as never).where('sales_rep' as never, 'is not', null as never)
      .where('sales_rep' as never, 'not in', db.selectFrom('sales_reps' as never).select('sales_rep_id' as never) as never).execute();
    expect(orphanTerms).toEqual([]);
    expect(orphanReps).toEqual([]);
  });
});

describe('sales taxes', () => {
  const rate = (AuthorityId: string, ProvinceCode: string, EffectiveDate: string, RatePercent: string, AccountId = '2200'): TaxRate => ({ AuthorityId, ProvinceCode, EffectiveDate, RatePercent, AccountId });

  it('computes per province and effective date, exact and half-up per tax (pure)', () => {
    const rates = [
      rate('HST', 'NS', '2010-07-01', '15.000'),
      rate('HST', 'NS', '2025-04-01', '14.000'),
      rate('GST', 'QC', '2008-01-01', '5.000'),
      rate('QST', 'QC', '2013-01-01', '9.975', '2210'),
      rate('HST', 'ON', '2010-07-01', '13.000'),
    ];
    expect(taxesFor(rates, 'NS', '2025-03-31', '100.00')).toEqual([{ authorityId: 'HST', ratePercent: '15.000', accountId: '2200', amount: '15.00' }]);
    expect(taxesFor(rates, 'NS', '2025-04-01', '100.00')).toEqual([{ authorityId: 'HST', ratePercent: '14.000', accountId: '2200', amount: '14.00' }]);
    // QST on the price without GST (not compounded); 0.005 rounds up.
    expect(taxesFor(rates, 'QC', '2026-01-01', '100.00').map((t) => [t.authorityId, t.amount])).toEqual([['GST', '5.00'], ['QST', '9.98']]);
    expect(taxesFor(rates, 'ON', '2026-01-01', '0.50')).toEqual([{ authorityId: 'HST', ratePercent: '13.000', accountId: '2200', amount: '0.07' }]);
    // Before any rate, and a group that leaves the authority out: no tax.
    expect(taxesFor(rates, 'ON', '2009-01-01', '100.00')).toEqual([]);
    expect(taxesFor(rates, 'QC', '2026-01-01', '100.00', ['GST']).map((t) => t.authorityId)).toEqual(['GST']);
  });

  it('seeds the Canadian rates as data, and a new dated rate takes over from its date', async () => {
    const list = json(await get('/api/data/sales-tax-rate?filter.ProvinceCode=NS&PageSize=250')).List as Json[];
    expect(list.map((r) => [r.AuthorityId, r.EffectiveDate, r.RatePercent])).toEqual(
      expect.arrayContaining([['HST', '2010-07-01', '15.000'], ['HST', '2025-04-01', '14.000']]),
    );
    const qc = json(await get('/api/data/sales-tax-rate?filter.ProvinceCode=QC&PageSize=250')).List as Json[];
    expect(qc.find((r) => r.AuthorityId === 'QST')).toMatchObject({ RatePercent: '9.975', AccountId: '2210' });
    const created = await post('/api/data/sales-tax-rate', { AuthorityId: 'HST', ProvinceCode: 'NS', EffectiveDate: '2032-01-01', RatePercent: '13.500', AccountId: '2200' });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    const duplicate = await post('/api/data/sales-tax-rate', { AuthorityId: 'HST', ProvinceCode: 'NS', EffectiveDate: '2032-01-01', RatePercent: '13.000', AccountId: '2200' });
    expect(duplicate.statusCode).toBe(400);
    const unknown = await post('/api/data/sales-tax-rate', { AuthorityId: 'NOPE', ProvinceCode: 'NS', EffectiveDate: '2032-01-01', RatePercent: '1.000', AccountId: '2200' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).Data.Errors[0].field).toBe('AuthorityId');
    const badAccount = await post('/api/data/sales-tax-rate', { AuthorityId: 'HST', ProvinceCode: 'NS', EffectiveDate: '2033-01-01', RatePercent: '1.000', AccountId: '99999999' });
    expect(badAccount.statusCode).toBe(400);
    expect(messages(badAccount)).toContain('An account entered is not valid.');
  });

  it('keeps authorities and groups', async () => {
    const authority = await post('/api/data/sales-tax-authority', { AuthorityId: 'PST-TS', Name: 'Test PST' });
    expect(authority.statusCode, JSON.stringify(authority.json())).toBe(201);
    const group = await post('/api/data/sales-tax-group', { GroupId: 'TESTGRP', Description: 'Test group', Authorities: ['GST', 'PST-TS'] });
    expect(group.statusCode, JSON.stringify(group.json())).toBe(201);
    expect(json(group).Data.Authorities).toEqual(['GST', 'PST-TS']);
    const bad = await post('/api/data/sales-tax-group', { GroupId: 'BADGRP', Description: 'Bad', Authorities: ['NOPE'] });
    expect(bad.statusCode).toBe(400);
    const groups = json(await get('/api/data/sales-tax-group?PageSize=250')).List as Json[];
    expect(groups.map((g) => g.GroupId)).toEqual(expect.arrayContaining(['EXEMPT', 'GSTONLY', 'FULL', 'TESTGRP']));
  });
});
