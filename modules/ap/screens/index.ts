/**
 * Accounts Payable's screens (issue 24; SCREENS.md WP5): parcel configs bundled into `@erp/accounting`
 * (module.json `app`), re-exported by Purchase Order where its menu lists them (`alsoIn`). Loading them
 * registers the A/P definitions.
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, entityScreen, reportScreen } from '@erp/records';
import { screen } from '@erp/ui';
import manifest from '../module.json';
import { apModule } from '../definitions/index.ts';
import * as reports from '../definitions/reports.ts';
import { ChequePrinting as ChequePrintingScreen } from '../documents/payment/screen/ChequePrinting.tsx';

registerModule(apModule);

const MODULE = `@erp/${manifest.app}`;
// A/P screens name G/L accounts, terms and tax groups (the GL and AR strings) beside their own.
const AP = { module: MODULE, namespaces: [manifest.namespace, 'gl', 'ar'] } as const;

// AP-01 purchase journal (invoices, credit and debit notes), AP-02 payments queue, AP-04 cheque cancellation.
export const PurchaseJournal = documentScreen('ap-invoice', AP);
export const ApPaymentsQueue = documentScreen('ap-payment-batch', AP);
export const ChequeCancellation = documentScreen('ap-cheque', AP);
// AP-05 cash disbursements: a manual payment applied to the vendor's documents.
export const CashDisbursements = documentScreen('ap-disbursement', AP);

// AP-12 credit cards, AP-13 their charges, AP-14 paying the issuers (a disbursement to the issuer's A/P).
export const CreditCards = entityScreen('ap-credit-card', AP);
export const CreditCardInvoices = documentScreen('ap-card-invoice', AP);
export const CreditcardPayments = documentScreen('ap-disbursement', AP);

// AP-15 … AP-17 expense templates, their columns and the expense reports (claims → an A/P voucher).
export const ApExpenseTemplateSetup = entityScreen('ap-expense-template', AP);
export const ApExpenseTemplateColumnSetup = entityScreen('ap-expense-template-column', AP);
export const ApExpenseReport = documentScreen('ap-expense-report', AP);

// AP-03 cheque printing and EFT files.
export const ChequePrinting = screen(ChequePrintingScreen, { module: MODULE, namespaces: ['records', 'forms', 'entities', 'errors', 'apps', 'gl', 'ar', 'ap'] });

// AP-06 … AP-11.
export const ApAccountInquiry = reportScreen(reports.apAccountInquiry, AP);
export const ApAgedTrialBalance = reportScreen(reports.apAgedTrialBalance, AP);
export const UnappliedDebitReport = reportScreen(reports.apUnappliedDebits, AP);
export const VendorList = reportScreen(reports.apVendorList, AP);
export const PaymentsReport = reportScreen(reports.apPaymentsReport, AP);
export const TopAccounts = reportScreen(reports.apTopAccounts, AP);
// GL-13 for A/P's source.
export const ApJournalPrinting = reportScreen(reports.apJournalPrinting, AP);
