/**
 * Account terms (`account-terms`, SCREENS.md AR-01, route /account-terms under AR, AP, OE, PO and /novus):
 * the payment terms of a customer (firm.AccountTerms refers to these): net days to the due date, an
 * early-payment discount percent and the days it applies (e.g. 2/10 net 30 → DiscountPercent 2.00,
 * DiscountDays 10, NetDays 30). An invoice's due and discount dates come from its terms (`termsDates`).
 * Table `ar_account_terms` (schema-sync).
 */
import { code } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { AR, AR_MASTER_ROLES } from './common.ts';

export const accountTerms = defineEntity({
  name: 'account-terms',
  namespace: AR,
  table: 'ar_account_terms',
  key: 'TermsCode',
  application: 'NOVUS-AR',
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    TermsCode: code(20),
    Description: { type: 'text', required: true, maxLength: 50 },
    NetDays: { type: 'integer', required: true, min: 0, max: 999, defaultValue: 30 },
    DiscountPercent: { type: 'decimal', precision: 5, scale: 2, min: '0', max: '100', defaultValue: '0.00' },
    DiscountDays: { type: 'integer', min: 0, max: 999, defaultValue: 0 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['TermsCode', 'Description', 'NetDays', 'DiscountPercent', 'DiscountDays', 'IsActive'],
  defaultSort: [{ field: 'TermsCode' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['TermsCode', 'Description'],
  roles: AR_MASTER_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  formLayout: { sections: [{ rows: [['TermsCode', 'IsActive'], ['Description'], ['NetDays'], ['DiscountPercent', 'DiscountDays']] }] },
  rules: [
    (record) => {
      const net = record['NetDays'];
      const discount = record['DiscountDays'];
      return typeof net === 'number' && typeof discount === 'number' && discount > net
        ? { field: 'DiscountDays', key: 'ar:rules.discountDaysAfterNet' }
        : null;
    },
  ],
});

/** `date` + `days` (calendar days), YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + days));
  return next.toISOString().slice(0, 10);
}

/** Due date and discount date (null when the terms give no discount) of a document dated `date`. */
export function termsDates(
  terms: { NetDays: number; DiscountDays: number | null; DiscountPercent: string | null } | null,
  date: string,
): { dueDate: string; discountDate: string | null } {
  if (!terms) return { dueDate: date, discountDate: null };
  const hasDiscount = terms.DiscountPercent != null && !/^0+(\.0+)?$/.test(terms.DiscountPercent) && (terms.DiscountDays ?? 0) > 0;
  return { dueDate: addDays(date, terms.NetDays), discountDate: hasDiscount ? addDays(date, terms.DiscountDays ?? 0) : null };
}
