/**
 * Purchasing's application NOVUS-PO (issue 41).
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { ROOT, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';

const VENDOR = { firmType: 'vendor' };

/** Small application: flat menu. */
const purchaseOrder: AppCatalog = {
  app: { Application: 'NOVUS-PO', Description: 'Purchase Order', RouterPath: '/novus-po' },
  sequence: 70,
  module: '@erp/purchasing',
  home: '@erp/home#ApplicationHome',
  rows: [
    screen('PO0101', ROOT, '/firm-maintenance', 'Vendor Maintenance', { props: VENDOR }),
    screen('PO0102', ROOT, '/user-codes', 'User Codes'),
    screen('PO0103', ROOT, '/purchase-order-entry', 'Purchase Order Entry'),
    screen('PO0104', ROOT, '/purchase-order-receipt-entry', 'Purchase Order Receipts'),
    screen('PO0105', ROOT, '/lot-number-tracking', 'Lot Number Tracking'),
    screen('PO0106', ROOT, '/open-orders-report', 'Open Orders Report'),
    screen('PO0107', ROOT, '/purchase-journal', 'Purchase Journal'),
    screen('PO0108', ROOT, '/account-terms', 'Account Terms'),
    screen('PO0109', ROOT, '/ap-account-inquiry', 'AP Account Inquiry'),
    screen('PO0110', ROOT, '/product-maintenance', 'Product Maintenance'),
    screen('PO0111', ROOT, '/product-class', 'Product Classes'),
    screen('PO0112', ROOT, '/sales-taxes', 'Sales Taxes'),
    screen('PO0113', ROOT, '/purchase-analysis-report', 'Purchase Analysis Report'),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [purchaseOrder],
  names: {
  'AP Account Inquiry': ['Consultation de compte CF', '应付账户查询', '應付帳戶查詢'],
  'Lot Number Tracking': ['Suivi des numéros de lot', '批号跟踪', '批號追蹤'],
  'Open Orders Report': ['Rapport des commandes ouvertes', '未结订单报表', '未結訂單報表'],
  'Purchase Analysis Report': ['Rapport d’analyse des achats', '采购分析报表', '採購分析報表'],
  'Purchase Journal': ['Journal des achats', '采购日记账', '採購日記帳'],
  'Purchase Order': ['Bons de commande', '采购订单', '採購訂單'],
  'Purchase Order Entry': ['Saisie des bons de commande', '采购订单录入', '採購訂單輸入'],
  'Purchase Order Receipts': ['Réceptions des bons de commande', '采购订单收货', '採購訂單收貨'],
  'Vendor Maintenance': ['Gestion des fournisseurs', '供应商维护', '供應商維護'],
  },
  // Issue 40 item 2: what users call the screens this module owns (searched by the menu filter and the palette).
  searchWords: {
    '/purchase-order-entry': {
      'en-CA': 'PO, purchase order, order from vendor, buy',
      'fr-CA': 'BC, bon de commande, commande fournisseur, achat',
      'zh-CN': '采购单, 采购订单, 订货, 购买',
      'zh-TW': '採購單, 採購訂單, 訂貨, 購買',
    },
    '/purchase-order-receipt-entry': {
      'en-CA': 'receiving, receive, goods receipt, GRN',
      'fr-CA': 'réception, réception de marchandises, bon de réception',
      'zh-CN': '收货, 入库, 收货单',
      'zh-TW': '收貨, 入庫, 收貨單',
    },
  },
};
