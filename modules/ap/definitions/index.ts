/**
 * The Accounts Payable module's definitions (issue 24; SCREENS.md WP5). Strings: namespace `ap`
 * (`modules/ap/locales/<lng>/ap.json`); server rules: modules/ap/server/; screens: `@erp/accounting` (which
 * registers this module when it loads) and the Purchase Order application's re-exports (module.json `alsoIn`).
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { extensions } from './extensions.ts';
import { apInvoice } from './ap-invoice.ts';
import { apCheque } from './cheque.ts';
import { AP } from './common.ts';
import { apDisbursement } from './disbursement.ts';
import { apCardInvoice, apCreditCard } from './credit-cards.ts';
import { apExpenseReport, apExpenseTemplate, apExpenseTemplateColumn } from './expenses.ts';
import { apPaymentBatch } from '../documents/payment/definition.ts';
import { apVendorBank } from './vendor-bank.ts';
import { apVendorDefault } from './vendor-default.ts';

export const apModule: ModuleDefinition = {
  name: 'ap',
  namespace: AP,
  entities: [apInvoice, apPaymentBatch, apDisbursement, apCheque, apVendorBank, apVendorDefault, apCreditCard, apCardInvoice, apExpenseTemplate, apExpenseTemplateColumn, apExpenseReport],
  ...extensions,
};
