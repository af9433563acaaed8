/**
 * Sales orders' applications (issue 41): NOVUS-PT (POLO) and the legacy NOVUS.
 *
 * POLO is the desk of TA orders: most of its screens are this module's (TA order entry, sales register and
 * analysis, invoice publishing, the orders and invoices queue). The legacy NOVUS mixes screens of several
 * modules (gl, ar, ic, oe, po, so; re-exported into `@erp/legacy` by their `alsoIn`); it is here because this
 * module requires every module whose screens it shows, and its framed screens are the order desk's sales-order
 * screens.
 *
 * NOVUS (legacy): each screen §2 writes in words becomes its kebab-case form, e.g. "user codes" →
 * `/user-codes`, "gl chart" → `/gl-chart`, "customer lists" → `/customer-lists`.
 *
 * Deliberately inactive menus (IsActive false), so the shell can prove it hides them: the legacy NOVUS audits
 * NV0122 `/price-override-audit` and NV0123 `/safety-price-audit`, superseded by the same screens in NOVUS-OE.
 *
 * Frames (§1, §2; shell/frames.ts): three legacy NOVUS screens already have a page in the newer-version front
 * end and are shown from there, one iframe per registered path (`@erp/frames#Frame`, Props
 * `{"src":"/novus/index.html#<path>"}`, the src relative to NOVUS_FRONTEND_ORIGIN): NV0116
 * `/novus/sales-order-entry`, NV0119 `/novus/order-summary` and NV0117 `/novus/load-sheet` — the order desk's
 * daily screens. Their menus stay as they are.
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { group, novusFrame, ROOT, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';

/** Small application: flat menu. */
const polo: AppCatalog = {
  app: { Application: 'NOVUS-PT', Description: 'POLO', RouterPath: '/novus-pt' },
  sequence: 80,
  module: '@erp/order-entry',
  home: '@erp/home#ApplicationHome',
  rows: [
    screen('PT0101', ROOT, '/ta-order-entry', 'TA Order Entry'),
    screen('PT0102', ROOT, '/firm-maintenance', 'Firm Maintenance'),
    screen('PT0103', ROOT, '/user-codes', 'User Codes'),
    screen('PT0104', ROOT, '/sales-rep', 'Sales Reps'),
    screen('PT0105', ROOT, '/sales-register-report', 'Sales Register Report'),
    screen('PT0106', ROOT, '/sales-analysis', 'Sales Analysis'),
    screen('PT0107', ROOT, '/invoice-publishing', 'Invoice Publishing'),
    screen('PT0108', ROOT, '/orders-invoices-queue', 'Orders and Invoices Queue'),
    screen('PT0109', ROOT, '/supplier', 'Suppliers'),
    screen('PT0110', ROOT, '/form-of-payment', 'Forms of Payment'),
    screen('PT0111', ROOT, '/credit-cards', 'Credit Cards'),
  ],
};

const legacy: AppCatalog = {
  app: { Application: 'NOVUS', Description: 'Legacy screens', RouterPath: '/novus' },
  sequence: 130,
  module: '@erp/legacy',
  home: '@erp/home#ApplicationHome',
  rows: [
    group('NV0001', 'Setup'),
    group('NV0002', 'Accounting'),
    group('NV0003', 'Sales and purchasing'),
    group('NV0004', 'Reports'),
    screen('NV0101', 'NV0001', '/user-codes', 'User Codes'),
    screen('NV0102', 'NV0002', '/accounting-periods', 'Accounting Periods'),
    screen('NV0103', 'NV0001', '/sales-rep', 'Sales Reps'),
    screen('NV0104', 'NV0002', '/journals', 'Journals'),
    screen('NV0105', 'NV0002', '/bank-account', 'Bank Accounts'),
    screen('NV0106', 'NV0002', '/foreign-exchange', 'Foreign Exchange Rates'),
    screen('NV0107', 'NV0001', '/account-terms', 'Account Terms'),
    screen('NV0108', 'NV0001', '/sales-taxes', 'Sales Taxes'),
    screen('NV0109', 'NV0002', '/gl-chart', 'GL Chart of Accounts'),
    screen('NV0110', 'NV0002', '/gl-control', 'GL Control'),
    screen('NV0111', 'NV0002', '/trial-balance', 'Trial Balance'),
    screen('NV0112', 'NV0002', '/detailed-ledger', 'Detailed Ledger'),
    screen('NV0113', 'NV0002', '/year-end', 'Year End'),
    screen('NV0114', 'NV0001', '/firm-maintenance', 'Firm Maintenance'),
    screen('NV0115', 'NV0003', '/price-table', 'Price Table'),
    screen('NV0116', 'NV0003', '/sales-order-entry', 'Sales Order Entry', novusFrame('/sales-order-entry')),
    screen('NV0117', 'NV0003', '/load-sheet', 'Load Sheet', novusFrame('/load-sheet')),
    screen('NV0118', 'NV0001', '/product-class', 'Product Classes'),
    screen('NV0119', 'NV0003', '/order-summary', 'Order Summary', novusFrame('/order-summary')),
    screen('NV0120', 'NV0003', '/purchase-order-list', 'Purchase Order List'),
    screen('NV0121', 'NV0003', '/orders-call-list', 'Orders Call List'),
    // Deliberately inactive (superseded by NOVUS-OE's audits): the shell must hide these two.
    screen('NV0122', 'NV0004', '/price-override-audit', 'Price Override Audit (legacy)', { active: false }),
    screen('NV0123', 'NV0004', '/safety-price-audit', 'Safety Price Audit (legacy)', { active: false }),
    screen('NV0124', 'NV0004', '/customer-lists', 'Customer Lists'),
    screen('NV0125', 'NV0004', '/sales-commission', 'Sales Commission'),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [polo, legacy],
  names: {
  Accounting: ['Comptabilité', '会计', '會計'],
  'Customer Lists': ['Listes de clients', '客户列表集', '客戶清單集'],
  'Forms of Payment': ['Modes de paiement', '付款方式', '付款方式'],
  'Invoice Publishing': ['Publication des factures', '发票发布', '發票發布'],
  'Legacy screens': ['Écrans existants', '旧版界面', '舊版畫面'],
  POLO: ['POLO', 'POLO', 'POLO'],
  'Price Override Audit (legacy)': ['Vérification des dérogations de prix (ancien)', '价格覆盖审计（旧版）', '價格覆寫稽核（舊版）'],
  'Safety Price Audit (legacy)': ['Vérification des prix de sécurité (ancien)', '安全价格审计（旧版）', '安全價格稽核（舊版）'],
  'Sales and purchasing': ['Ventes et achats', '销售与采购', '銷售與採購'],
  Suppliers: ['Fournisseurs', '供应商', '供應商'],
  'Year End': ['Fin d’exercice', '年结', '年結'],
  },
  // Issue 40 item 2: what users call the screens this module owns (searched by the menu filter and the palette).
  searchWords: {
    '/products-return': {
      'en-CA': 'return, RMA, returned goods, credit',
      'fr-CA': 'retour, ARM, marchandises retournées, crédit',
      'zh-CN': '退货, 退货授权, 退回商品, 贷记',
      'zh-TW': '退貨, 退貨授權, 退回商品, 貸記',
    },
    '/sales-order-entry': {
      'en-CA': 'sales order, customer order, SO, order desk',
      'fr-CA': 'commande client, commande de vente, prise de commande',
      'zh-CN': '销售订单, 客户订单, 接单',
      'zh-TW': '銷售訂單, 客戶訂單, 接單',
    },
    '/orders-shipping-queue': {
      'en-CA': 'ship, shipping, delivery, dispatch, packing slip',
      'fr-CA': 'expédition, expédier, livraison, bordereau d’expédition',
      'zh-CN': '发货, 出货, 送货, 装箱单',
      'zh-TW': '出貨, 發貨, 送貨, 裝箱單',
    },
    '/orders-invoices-queue': {
      'en-CA': 'invoice orders, billing, invoicing run',
      'fr-CA': 'facturer les commandes, facturation',
      'zh-CN': '订单开票, 开票',
      'zh-TW': '訂單開票, 開票',
    },
  },
};
