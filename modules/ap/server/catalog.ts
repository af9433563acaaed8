/**
 * Payables' application NOVUS-AP (issue 41).
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { group, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';

const VENDOR = { firmType: 'vendor' };

const accountsPayable: AppCatalog = {
  app: { Application: 'NOVUS-AP', Description: 'Accounts Payable', RouterPath: '/novus-ap' },
  sequence: 20,
  module: '@erp/accounting',
  home: '@erp/accounting#ApplicationHome',
  rows: [
    group('AP0001', 'Transactions'),
    group('AP0002', 'Payments'),
    group('AP0003', 'Inquiries'),
    group('AP0004', 'Reports'),
    group('AP0005', 'Setup'),
    screen('AP0101', 'AP0005', '/accounting-journals', 'Accounting Journals'),
    screen('AP0102', 'AP0005', '/accounting-periods', 'Accounting Periods'),
    screen('AP0103', 'AP0005', '/firm-maintenance', 'Vendor Maintenance', { props: VENDOR }),
    screen('AP0104', 'AP0005', '/user-codes', 'User Codes'),
    screen('AP0105', 'AP0005', '/gl-control', 'GL Control'),
    screen('AP0106', 'AP0005', '/gl-chart', 'GL Chart of Accounts'),
    screen('AP0107', 'AP0005', '/foreign-exchange', 'Foreign Exchange Rates'),
    screen('AP0108', 'AP0005', '/account-terms', 'Account Terms'),
    screen('AP0109', 'AP0005', '/sales-taxes', 'Sales Taxes'),
    screen('AP0110', 'AP0003', '/account-enquiry', 'Account Enquiry'),
    screen('AP0111', 'AP0004', '/ap-journal-printing', 'AP Journal Printing'),
    screen('AP0112', 'AP0004', '/vendor-list', 'Vendor List'),
    screen('AP0113', 'AP0004', '/purchase-journal', 'Purchase Journal'),
    screen('AP0114', 'AP0004', '/ap-aged-trial-balance', 'AP Aged Trial Balance'),
    screen('AP0115', 'AP0003', '/ap-account-inquiry', 'AP Account Inquiry'),
    screen('AP0116', 'AP0004', '/Unapplied-Debit-report', 'Unapplied Debits Report'),
    screen('AP0117', 'AP0002', '/ap-payments-queue', 'Payments Queue'),
    screen('AP0118', 'AP0005', '/bank-account', 'Bank Accounts'),
    screen('AP0119', 'AP0002', '/cheque-cancellation', 'Cheque Cancellation'),
    screen('AP0120', 'AP0002', '/cheque-Printing', 'Cheque Printing'),
    screen('AP0121', 'AP0004', '/payments-report', 'Payments Report'),
    screen('AP0122', 'AP0005', '/gl-integration', 'GL Integration'),
    screen('AP0123', 'AP0002', '/cash-disbursements', 'Cash Disbursements'),
    screen('AP0124', 'AP0001', '/purchase-order-entry', 'Purchase Order Entry'),
    screen('AP0125', 'AP0001', '/purchase-order-receipt-entry', 'Purchase Order Receipts'),
    screen('AP0126', 'AP0002', '/creditcard-payments', 'Credit Card Payments'),
    screen('AP0127', 'AP0005', '/credit-cards', 'Credit Cards'),
    screen('AP0128', 'AP0001', '/credit-card-invoices', 'Credit Card Invoices'),
    screen('AP0129', 'AP0004', '/top-accounts', 'Top Accounts'),
    screen('AP0130', 'AP0005', '/ap-expense-template-setup', 'Expense Template Setup'),
    screen('AP0131', 'AP0005', '/ap-expense-template-column-setup', 'Expense Template Column Setup'),
    screen('AP0132', 'AP0004', '/ap-expense-report', 'Expense Report'),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [accountsPayable],
  names: {
  'AP Aged Trial Balance': ['Balance chronologique CF', '应付账龄试算表', '應付帳齡試算表'],
  'AP Journal Printing': ['Impression du journal CF', '应付日记账打印', '應付日記帳列印'],
  'Accounts Payable': ['Comptes fournisseurs', '应付账款', '應付帳款'],
  'Cash Disbursements': ['Décaissements', '现金支出', '現金支出'],
  'Cheque Cancellation': ['Annulation de chèques', '支票作废', '支票作廢'],
  'Cheque Printing': ['Impression des chèques', '支票打印', '支票列印'],
  'Credit Card Invoices': ['Factures de cartes de crédit', '信用卡发票', '信用卡發票'],
  'Credit Card Payments': ['Paiements par carte de crédit', '信用卡付款', '信用卡付款'],
  'Credit Cards': ['Cartes de crédit', '信用卡', '信用卡'],
  'Expense Report': ['Rapport de dépenses', '费用报表', '費用報表'],
  'Expense Template Column Setup': ['Configuration des colonnes des modèles de dépenses', '费用模板列设置', '費用範本欄設定'],
  'Expense Template Setup': ['Configuration des modèles de dépenses', '费用模板设置', '費用範本設定'],
  Payments: ['Paiements', '付款', '付款'],
  'Payments Queue': ['File des paiements', '付款队列', '付款佇列'],
  'Payments Report': ['Rapport des paiements', '付款报表', '付款報表'],
  'Top Accounts': ['Principaux comptes', '主要账户', '主要帳戶'],
  'Unapplied Debits Report': ['Rapport des débits non affectés', '未核销借项报表', '未沖銷借項報表'],
  'Vendor List': ['Liste des fournisseurs', '供应商列表', '供應商清單'],
  },
  // Issue 40 item 2: what users call the screens this module owns (searched by the menu filter and the palette).
  searchWords: {
    '/purchase-journal': {
      'en-CA': 'invoice, vendor invoice, supplier invoice, bill, vendor bill, voucher, payable, debit note',
      'fr-CA': 'facture, facture fournisseur, facture d’achat, compte à payer, pièce justificative, note de débit',
      'zh-CN': '发票, 供应商发票, 采购发票, 账单, 应付凭证, 应付款, 借项通知单',
      'zh-TW': '發票, 供應商發票, 採購發票, 帳單, 應付憑證, 應付款, 借項通知單',
    },
    '/ap-payments-queue': {
      'en-CA': 'payment run, pay vendors, pay bills, cheque run, EFT',
      'fr-CA': 'lot de paiements, payer les fournisseurs, payer les factures, lot de chèques, virement',
      'zh-CN': '付款批次, 支付供应商, 支付账单, 支票批次, 电子转账',
      'zh-TW': '付款批次, 支付供應商, 支付帳單, 支票批次, 電子轉帳',
    },
    '/cash-disbursements': {
      'en-CA': 'manual payment, cheque, vendor payment',
      'fr-CA': 'paiement manuel, chèque, paiement fournisseur',
      'zh-CN': '手工付款, 支票, 供应商付款',
      'zh-TW': '手動付款, 支票, 供應商付款',
    },
  },
};
