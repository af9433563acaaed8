/**
 * Receivables' application NOVUS-AR (issue 41).
 *
 * Path derived here because §2 names the screen without giving a path: "the waste-disposal order-entry path
 * also appears here" → `/wd-order-entry`.
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { group, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';

const CUSTOMER = { firmType: 'customer' };

const accountsReceivable: AppCatalog = {
  app: { Application: 'NOVUS-AR', Description: 'Accounts Receivable', RouterPath: '/novus-ar' },
  sequence: 30,
  module: '@erp/accounting',
  home: '@erp/accounting#ApplicationHome',
  rows: [
    group('AR0001', 'Transactions'),
    group('AR0002', 'Inquiries'),
    group('AR0003', 'Reports'),
    group('AR0004', 'Setup'),
    screen('AR0101', 'AR0004', '/journals', 'Journals'),
    screen('AR0102', 'AR0004', '/periods', 'Accounting Periods'),
    screen('AR0103', 'AR0004', '/firm-maintenance', 'Customer Maintenance', { props: CUSTOMER }),
    screen('AR0104', 'AR0004', '/sales-rep', 'Sales Reps'),
    screen('AR0105', 'AR0004', '/user-codes', 'User Codes'),
    screen('AR0106', 'AR0004', '/gl-control', 'GL Control'),
    screen('AR0107', 'AR0004', '/gl-chart', 'GL Chart of Accounts'),
    screen('AR0108', 'AR0004', '/foreign-exchange', 'Foreign Exchange Rates'),
    screen('AR0109', 'AR0004', '/account-terms', 'Account Terms'),
    screen('AR0110', 'AR0004', '/sales-taxes', 'Sales Taxes'),
    screen('AR0111', 'AR0004', '/bank-account', 'Bank Accounts'),
    screen('AR0112', 'AR0002', '/account-enquiry', 'Account Enquiry'),
    screen('AR0113', 'AR0003', '/aged-trial-balance', 'Aged Trial Balance'),
    screen('AR0114', 'AR0001', '/cash-receipts', 'Cash Receipts'),
    screen('AR0115', 'AR0003', '/Customer-List', 'Customer List'),
    screen('AR0116', 'AR0003', '/Contact-List', 'Contact List'),
    screen('AR0117', 'AR0003', '/NewCustomer-List', 'New Customer List'),
    screen('AR0118', 'AR0003', '/InactiveCustomer-List', 'Inactive Customer List'),
    screen('AR0119', 'AR0002', '/ar-account-inquiry', 'AR Account Inquiry'),
    screen('AR0120', 'AR0003', '/Account-statement', 'Account Statements'),
    screen('AR0121', 'AR0003', '/AR-Journal-Printing', 'AR Journal Printing', { component: 'ArJournalPrinting' }),
    screen('AR0122', 'AR0003', '/Unapplied-Credits-Report', 'Unapplied Credits Report'),
    screen('AR0123', 'AR0004', '/gl-integration', 'GL Integration'),
    screen('AR0124', 'AR0003', '/ar-overdue-accounts', 'Overdue Accounts'),
    screen('AR0125', 'AR0003', '/sales-journal', 'Sales Journal'),
    screen('AR0126', 'AR0001', '/sales-order-entry', 'Sales Order Entry'),
    screen('AR0127', 'AR0003', '/sales-rep-commission', 'Sales Rep Commission'),
    screen('AR0128', 'AR0001', '/ar-sales-order-entry', 'AR Sales Order Entry'),
    screen('AR0129', 'AR0001', '/wd-order-entry', 'Waste Disposal Order Entry'),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [accountsReceivable],
  names: {
  'AR Journal Printing': ['Impression du journal CC', '应收日记账打印', '應收日記帳列印'],
  'AR Sales Order Entry': ['Saisie des commandes clients CC', '应收销售订单录入', '應收銷售訂單輸入'],
  'Account Terms': ['Modalités de paiement', '付款条件', '付款條件'],
  'Accounts Receivable': ['Comptes clients', '应收账款', '應收帳款'],
  'Cash Receipts': ['Encaissements', '现金收款', '現金收款'],
  'Contact List': ['Liste des contacts', '联系人列表', '聯絡人清單'],
  'Customer List': ['Liste des clients', '客户列表', '客戶清單'],
  'Customer Maintenance': ['Gestion des clients', '客户维护', '客戶維護'],
  'Inactive Customer List': ['Liste des clients inactifs', '非活动客户列表', '非活動客戶清單'],
  Journals: ['Journaux', '日记账', '日記帳'],
  'New Customer List': ['Liste des nouveaux clients', '新客户列表', '新客戶清單'],
  'Sales Journal': ['Journal des ventes', '销售日记账', '銷售日記帳'],
  'Sales Order Entry': ['Saisie des commandes clients', '销售订单录入', '銷售訂單輸入'],
  'Sales Rep Commission': ['Commissions des représentants', '销售代表佣金', '業務代表佣金'],
  'Sales Reps': ['Représentants', '销售代表', '業務代表'],
  'Sales Taxes': ['Taxes de vente', '销售税', '營業稅'],
  'Unapplied Credits Report': ['Rapport des crédits non affectés', '未核销贷项报表', '未沖銷貸項報表'],
  'Waste Disposal Order Entry': ['Saisie des commandes d’élimination des déchets', '废物处理订单录入', '廢棄物處理訂單輸入'],
  },
  // Issue 40 item 2: what users call the screens this module owns (searched by the menu filter and the palette).
  searchWords: {
    '/ar-sales-order-entry': {
      'en-CA': 'invoice, customer invoice, sales invoice, AR invoice, credit note, credit memo, billing',
      'fr-CA': 'facture, facture client, facture de vente, note de crédit, avoir, facturation',
      'zh-CN': '发票, 客户发票, 销售发票, 应收发票, 贷项通知单, 红字发票, 开票',
      'zh-TW': '發票, 客戶發票, 銷售發票, 應收發票, 貸項通知單, 折讓單, 開票',
    },
    '/cash-receipts': {
      'en-CA': 'payment, customer payment, receipt, deposit',
      'fr-CA': 'paiement, paiement client, encaissement, dépôt',
      'zh-CN': '付款, 客户付款, 收款, 存款',
      'zh-TW': '付款, 客戶付款, 收款, 存款',
    },
    '/aged-trial-balance': {
      'en-CA': 'aging, AR aging, overdue, receivables aging',
      'fr-CA': 'âge des comptes, chronologique, comptes en souffrance, retards',
      'zh-CN': '账龄, 应收账龄, 逾期',
      'zh-TW': '帳齡, 應收帳齡, 逾期',
    },
    '/Account-statement': {
      'en-CA': 'customer statement, statement of account',
      'fr-CA': 'relevé client, relevé de compte',
      'zh-CN': '客户对账单, 对账单',
      'zh-TW': '客戶對帳單, 對帳單',
    },
  },
};
