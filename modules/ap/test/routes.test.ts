/**
 * Issue 24 acceptance "the routes of WP5 open working screens", the server half: every A/P screen route built
 * here is in the route catalog with its Component, and that Component resolves to an export of a built module in
 * the import map (`@erp/accounting`, or `@erp/purchasing` re-exporting it: module.json `alsoIn`). The e2e layout
 * suite (tests/e2e/screen-layout.spec.ts) mounts each one.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '@erp/server/seed/catalog';
import { resolves } from '../../../server/test/helpers/module-exports.ts';

const AP_ROUTES: readonly [path: string, component: string][] = [
  ['/novus-ap/purchase-journal', '@erp/accounting#PurchaseJournal'],
  ['/novus-po/purchase-journal', '@erp/purchasing#PurchaseJournal'],
  ['/novus-ap/ap-payments-queue', '@erp/accounting#ApPaymentsQueue'],
  ['/novus-ap/cheque-Printing', '@erp/accounting#ChequePrinting'],
  ['/novus-ap/cheque-cancellation', '@erp/accounting#ChequeCancellation'],
  ['/novus-ap/cash-disbursements', '@erp/accounting#CashDisbursements'],
  ['/novus-ap/ap-account-inquiry', '@erp/accounting#ApAccountInquiry'],
  ['/novus-po/ap-account-inquiry', '@erp/purchasing#ApAccountInquiry'],
  ['/novus-ap/ap-aged-trial-balance', '@erp/accounting#ApAgedTrialBalance'],
  ['/novus-ap/Unapplied-Debit-report', '@erp/accounting#UnappliedDebitReport'],
  ['/novus-ap/vendor-list', '@erp/accounting#VendorList'],
  ['/novus-ap/payments-report', '@erp/accounting#PaymentsReport'],
  ['/novus-ap/top-accounts', '@erp/accounting#TopAccounts'],
  ['/novus-ap/credit-cards', '@erp/accounting#CreditCards'],
  ['/novus-pt/credit-cards', '@erp/order-entry#CreditCards'],
  ['/novus-ap/credit-card-invoices', '@erp/accounting#CreditCardInvoices'],
  ['/novus-ap/creditcard-payments', '@erp/accounting#CreditcardPayments'],
  ['/novus-ap/ap-expense-template-setup', '@erp/accounting#ApExpenseTemplateSetup'],
  ['/novus-ap/ap-expense-template-column-setup', '@erp/accounting#ApExpenseTemplateColumnSetup'],
  ['/novus-ap/ap-expense-report', '@erp/accounting#ApExpenseReport'],
];

describe('the A/P screen routes (SCREENS.md WP5)', () => {
  it('names each route in the catalog with its Component, and each resolves to a built export', () => {
    const byPath = new Map(routes.map((route) => [route.Path, route.Component]));
    for (const [path, component] of AP_ROUTES) expect(byPath.get(path), path).toBe(component);
    expect(AP_ROUTES.filter(([, component]) => !resolves(component)).map(([path]) => path)).toEqual([]);
  });
});
