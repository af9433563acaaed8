/**
 * The General Ledger's application NOVUS-GL (issue 41).
 *
 * Paths derived here because §2 names the screen without giving a path: "the financial-statement column,
 * column-detail, row and row-detail setups" → `/financial-statement-column`,
 * `/financial-statement-column-detail`, `/financial-statement-row`, `/financial-statement-row-detail`.
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { group, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';

const generalLedger: AppCatalog = {
  app: { Application: 'NOVUS-GL', Description: 'General Ledger', RouterPath: '/novus-gl' },
  sequence: 40,
  module: '@erp/accounting',
  home: '@erp/accounting#ApplicationHome',
  rows: [
    group('GL0001', 'Transactions'),
    group('GL0002', 'Inquiries'),
    group('GL0003', 'Reports'),
    group('GL0004', 'Financial statements'),
    group('GL0005', 'Year end'),
    group('GL0006', 'Setup'),
    screen('GL0101', 'GL0001', '/gl-journal-entry', 'GL Journal Entry'),
    screen('GL0102', 'GL0003', '/gl-journal-printing', 'GL Journal Printing'),
    screen('GL0103', 'GL0006', '/accounting-journals', 'Accounting Journals'),
    screen('GL0104', 'GL0006', '/accounting-periods', 'Accounting Periods'),
    screen('GL0105', 'GL0005', '/gl-year-end', 'GL Year End'),
    screen('GL0106', 'GL0002', '/account-enquiry', 'Account Enquiry'),
    screen('GL0107', 'GL0003', '/trial-balance', 'Trial Balance'),
    screen('GL0108', 'GL0003', '/detailed-ledger', 'Detailed Ledger'),
    screen('GL0109', 'GL0006', '/user-codes', 'User Codes'),
    screen('GL0110', 'GL0006', '/gl-control', 'GL Control'),
    screen('GL0111', 'GL0006', '/gl-chart', 'GL Chart of Accounts'),
    screen('GL0112', 'GL0006', '/foreign-exchange', 'Foreign Exchange Rates'),
    screen('GL0113', 'GL0006', '/bank-account', 'Bank Accounts'),
    screen('GL0114', 'GL0006', '/gl-integration', 'GL Integration'),
    screen('GL0115', 'GL0001', '/bank-reconciliation', 'Bank Reconciliation'),
    screen('GL0116', 'GL0001', '/foreign-exchange-revaluation', 'Foreign Exchange Revaluation'),
    screen('GL0117', 'GL0004', '/financial-statement', 'Financial Statement'),
    screen('GL0118', 'GL0004', '/financial-statement-column', 'Financial Statement Columns'),
    screen('GL0119', 'GL0004', '/financial-statement-column-detail', 'Financial Statement Column Details'),
    screen('GL0120', 'GL0004', '/financial-statement-row', 'Financial Statement Rows'),
    screen('GL0121', 'GL0004', '/financial-statement-row-detail', 'Financial Statement Row Details'),
    // Issue 12 process screen (h12b): batch posting of draft GL journal entries (no route in the original catalog).
    screen('GL0122', 'GL0001', '/post-journal-entries', 'Post Journal Entries'),
    // Issue 40 item 1: what every module's processes need configured and is missing (@erp/accounting#SetupCheck).
    screen('GL0123', 'GL0006', '/setup-check', 'Setup Check'),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [generalLedger],
  names: {
  'Account Enquiry': ['Consultation de compte', '账户查询', '帳戶查詢'],
  'Accounting Journals': ['Journaux comptables', '会计日记账', '會計日記帳'],
  'Accounting Periods': ['Périodes comptables', '会计期间', '會計期間'],
  'Bank Accounts': ['Comptes bancaires', '银行账户', '銀行帳戶'],
  'Bank Reconciliation': ['Rapprochement bancaire', '银行对账', '銀行對帳'],
  'Detailed Ledger': ['Grand livre détaillé', '明细分类账', '明細分類帳'],
  'Financial Statement': ['État financier', '财务报表', '財務報表'],
  'Financial Statement Column Details': ['Détails des colonnes des états financiers', '财务报表列明细', '財務報表欄明細'],
  'Financial Statement Columns': ['Colonnes des états financiers', '财务报表列', '財務報表欄'],
  'Financial Statement Row Details': ['Détails des lignes des états financiers', '财务报表行明细', '財務報表列明細'],
  'Financial Statement Rows': ['Lignes des états financiers', '财务报表行', '財務報表列'],
  'Financial statements': ['États financiers', '财务报表', '財務報表'],
  'Foreign Exchange Rates': ['Taux de change', '外汇汇率', '外匯匯率'],
  'Foreign Exchange Revaluation': ['Réévaluation des devises', '外汇重估', '外匯重估'],
  'GL Chart of Accounts': ['Plan comptable GL', '总账科目表', '總帳科目表'],
  'GL Control': ['Contrôle GL', '总账控制', '總帳控制'],
  'GL Integration': ['Intégration GL', '总账集成', '總帳整合'],
  'GL Journal Entry': ['Écriture de journal GL', '总账日记账分录', '總帳日記帳分錄'],
  'GL Journal Printing': ['Impression du journal GL', '总账日记账打印', '總帳日記帳列印'],
  'GL Year End': ['Fin d’exercice GL', '总账年结', '總帳年結'],
  'General Ledger': ['Grand livre', '总账', '總帳'],
  Inquiries: ['Consultations', '查询', '查詢'],
  Reports: ['Rapports', '报表', '報表'],
  Transactions: ['Transactions', '交易', '交易'],
  'Trial Balance': ['Balance de vérification', '试算表', '試算表'],
  'User Codes': ['Codes utilisateur', '用户代码', '使用者代碼'],
  'Year end': ['Fin d’exercice', '年结', '年結'],
  'Post Journal Entries': ['Reporter les écritures de journal', '过账日记账分录', '過帳日記帳分錄'],
  'Setup Check': ['Vérification du paramétrage', '设置检查', '設定檢查'],
  },
  // Issue 40 item 2: what users call the screens this module owns (searched by the menu filter and the palette).
  searchWords: {
    '/gl-journal-entry': {
      'en-CA': 'journal entry, JE, voucher, general journal',
      'fr-CA': 'écriture, écriture de journal, pièce comptable, journal général',
      'zh-CN': '凭证, 分录, 记账凭证, 总账分录',
      'zh-TW': '傳票, 分錄, 記帳憑證, 總帳分錄',
    },
    '/gl-chart': {
      'en-CA': 'accounts, chart of accounts, GL account',
      'fr-CA': 'comptes, plan comptable, compte du grand livre',
      'zh-CN': '科目, 会计科目表, 总账科目',
      'zh-TW': '科目, 會計科目表, 總帳科目',
    },
    '/trial-balance': {
      'en-CA': 'TB, balances',
      'fr-CA': 'balance, soldes',
      'zh-CN': '试算表, 余额',
      'zh-TW': '試算表, 餘額',
    },
    '/account-enquiry': {
      'en-CA': 'inquiry, account balance, account activity',
      'fr-CA': 'consultation, solde du compte, mouvements du compte',
      'zh-CN': '查询, 科目余额, 科目明细',
      'zh-TW': '查詢, 科目餘額, 科目明細',
    },
  },
};
