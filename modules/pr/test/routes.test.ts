/**
 * Issue 29 acceptance "NOVUS-PR lists at least 22 routes and each opens a working screen", the server half: every
 * payroll route is in the route catalog and its Component resolves to an export of a built module in the import
 * map (`@erp/payroll`; GL integration is the General Ledger's screen with the payroll rows preset). The e2e
 * layout suite (tests/e2e/screen-layout.spec.ts) and modules/pr/e2e mount them.
 */
import { describe, expect, it } from 'vitest';
import { menus, routes } from '@erp/server/seed/catalog';
import { resolves } from '../../../server/test/helpers/module-exports.ts';

describe('the NOVUS-PR routes (issue 29 item 1)', () => {
  it('has at least 22 payroll screens, each resolving to a built export', () => {
    const payroll = routes.filter((route) => route.Path.startsWith('/novus-pr/'));
    expect(payroll.length).toBeGreaterThanOrEqual(22);
    expect(payroll.filter((route) => !resolves(route.Component)).map((route) => `${route.Path} ${route.Component}`)).toEqual([]);
    expect(payroll.find((route) => route.Path === '/novus-pr/gl-integration')).toMatchObject({ Component: '@erp/accounting#GlIntegration', Props: JSON.stringify({ 'filter.SubLedger': 'PR' }) });
    expect(payroll.find((route) => route.Path === '/novus-pr/employee-maintenance')?.Component).toBe('@erp/payroll#EmployeeMaintenance');
    expect(menus.filter((menu) => menu.Application === 'NOVUS-PR' && menu.RouterPath !== '').every((menu) => menu.IsActive)).toBe(true);
  });
});
