/**
 * Inventory Control's application NOVUS-IC (issue 41).
 *
 * Paths derived here because §2 names the screens of the physical count set without giving paths: input by
 * class → `/count-input-by-class`, input by product → `/count-input-by-product`, by tag → `/count-by-tag`,
 * print count → `/print-count`, add found products to freeze counts → `/add-found-products`, report products
 * not counted → `/products-not-counted-report`, count freeze → `/count-freeze`, upgrade warehouse count stage
 * → `/upgrade-count-stage`, post count to inventory → `/post-count-to-inventory`, discrepancy →
 * `/count-discrepancy`.
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { group, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';

const inventoryControl: AppCatalog = {
  app: { Application: 'NOVUS-IC', Description: 'Inventory Control', RouterPath: '/novus-ic' },
  sequence: 50,
  module: '@erp/inventory',
  home: '@erp/inventory#ApplicationHome',
  rows: [
    group('IC0001', 'Transactions'),
    group('IC0002', 'Inquiries'),
    group('IC0003', 'Reports'),
    group('IC0004', 'Physical count'),
    group('IC0005', 'Year end'),
    group('IC0006', 'Setup'),
    screen('IC0101', 'IC0001', '/inventory-ticket', 'Inventory Tickets'),
    screen('IC0102', 'IC0001', '/production-work-order', 'Production Work Orders'),
    screen('IC0103', 'IC0002', '/product-inquiry', 'Product Inquiry'),
    screen('IC0104', 'IC0003', '/Stock-Status', 'Stock Status'),
    screen('IC0105', 'IC0003', '/Product-Cost', 'Product Cost'),
    screen('IC0106', 'IC0006', '/product-maintenance', 'Product Maintenance'),
    screen('IC0107', 'IC0003', '/Demand-Action-Report', 'Demand Action Report'),
    screen('IC0108', 'IC0003', '/bill-of-materials-report', 'Bill of Materials Report'),
    screen('IC0109', 'IC0006', '/product-class', 'Product Classes'),
    screen('IC0110', 'IC0006', '/user-codes', 'User Codes'),
    screen('IC0111', 'IC0005', '/inventory-year-end', 'Inventory Year End'),
    screen('IC0112', 'IC0006', '/product-specification', 'Product Specifications'),
    screen('IC0113', 'IC0006', '/grade', 'Grades'),
    screen('IC0114', 'IC0006', '/coil', 'Coils'),
    screen('IC0115', 'IC0006', '/heat-number', 'Heat Numbers'),
    screen('IC0116', 'IC0006', '/product-group', 'Product Groups'),
    screen('IC0117', 'IC0006', '/product-type', 'Product Types'),
    screen('IC0118', 'IC0006', '/product-grade', 'Product Grades'),
    screen('IC0119', 'IC0002', '/coil-inquiry', 'Coil Inquiry'),
    screen('IC0120', 'IC0003', '/production-work-order-report', 'Production Work Order Report'),
    screen('IC0121', 'IC0004', '/count-input-by-class', 'Count Input by Class'),
    screen('IC0122', 'IC0004', '/count-input-by-product', 'Count Input by Product'),
    screen('IC0123', 'IC0004', '/count-by-tag', 'Count by Tag'),
    screen('IC0124', 'IC0004', '/print-count', 'Print Count Sheets'),
    screen('IC0125', 'IC0004', '/add-found-products', 'Add Found Products to Freeze Counts'),
    screen('IC0126', 'IC0004', '/products-not-counted-report', 'Products Not Counted Report'),
    screen('IC0127', 'IC0004', '/count-freeze', 'Count Freeze'),
    screen('IC0128', 'IC0004', '/upgrade-count-stage', 'Upgrade Warehouse Count Stage'),
    screen('IC0129', 'IC0004', '/post-count-to-inventory', 'Post Count to Inventory'),
    screen('IC0130', 'IC0004', '/count-discrepancy', 'Count Discrepancy Report'),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [inventoryControl],
  names: {
  'Add Found Products to Freeze Counts': ['Ajouter les produits trouvés au gel du dénombrement', '将发现的产品加入冻结盘点', '將發現的產品加入凍結盤點'],
  'Bill of Materials Report': ['Rapport de nomenclature', '物料清单报表', '物料清單報表'],
  'Coil Inquiry': ['Consultation des bobines', '钢卷查询', '鋼捲查詢'],
  Coils: ['Bobines', '钢卷', '鋼捲'],
  'Count Discrepancy Report': ['Rapport des écarts de dénombrement', '盘点差异报表', '盤點差異報表'],
  'Count Freeze': ['Gel du dénombrement', '盘点冻结', '盤點凍結'],
  'Count Input by Class': ['Saisie du dénombrement par classe', '按类别录入盘点', '依類別輸入盤點'],
  'Count Input by Product': ['Saisie du dénombrement par produit', '按产品录入盘点', '依產品輸入盤點'],
  'Count by Tag': ['Dénombrement par étiquette', '按标签盘点', '依標籤盤點'],
  'Demand Action Report': ['Rapport des actions sur la demande', '需求行动报表', '需求行動報表'],
  Grades: ['Nuances', '等级', '等級'],
  'Heat Numbers': ['Numéros de coulée', '炉号', '爐號'],
  'Inventory Control': ['Gestion des stocks', '库存控制', '庫存控制'],
  'Inventory Tickets': ['Bons d’inventaire', '库存单据', '庫存單據'],
  'Inventory Year End': ['Fin d’exercice des stocks', '库存年结', '庫存年結'],
  'Physical count': ['Inventaire physique', '实物盘点', '實物盤點'],
  'Post Count to Inventory': ['Reporter le dénombrement aux stocks', '将盘点过账至库存', '將盤點過帳至庫存'],
  'Print Count Sheets': ['Imprimer les feuilles de dénombrement', '打印盘点表', '列印盤點表'],
  'Product Classes': ['Classes de produits', '产品类别', '產品類別'],
  'Product Cost': ['Coût des produits', '产品成本', '產品成本'],
  'Product Grades': ['Nuances des produits', '产品等级', '產品等級'],
  'Product Groups': ['Groupes de produits', '产品组', '產品群組'],
  'Product Inquiry': ['Consultation des produits', '产品查询', '產品查詢'],
  'Product Maintenance': ['Gestion des produits', '产品维护', '產品維護'],
  'Product Specifications': ['Spécifications des produits', '产品规格', '產品規格'],
  'Product Types': ['Types de produits', '产品类型', '產品類型'],
  'Production Work Order Report': ['Rapport des ordres de fabrication', '生产工单报表', '生產工單報表'],
  'Production Work Orders': ['Ordres de fabrication', '生产工单', '生產工單'],
  'Products Not Counted Report': ['Rapport des produits non dénombrés', '未盘点产品报表', '未盤點產品報表'],
  'Stock Status': ['État des stocks', '库存状态', '庫存狀態'],
  'Upgrade Warehouse Count Stage': ['Faire passer l’étape de dénombrement de l’entrepôt', '升级仓库盘点阶段', '升級倉庫盤點階段'],
  },
  // Issue 40 item 2: what users call the screens this module owns (searched by the menu filter and the palette).
  searchWords: {
    '/inventory-ticket': {
      'en-CA': 'stock adjustment, transfer, receiving, issue, inventory ticket',
      'fr-CA': 'ajustement de stock, transfert, réception, sortie, bon d’inventaire',
      'zh-CN': '库存调整, 调拨, 入库, 出库, 库存单',
      'zh-TW': '庫存調整, 調撥, 入庫, 出庫, 庫存單',
    },
    '/Stock-Status': {
      'en-CA': 'on hand, stock levels, inventory quantity',
      'fr-CA': 'en main, niveaux de stock, quantité en inventaire',
      'zh-CN': '现有库存, 库存水平, 库存数量',
      'zh-TW': '現有庫存, 庫存水準, 庫存數量',
    },
    '/product-maintenance': {
      'en-CA': 'item, SKU, products',
      'fr-CA': 'article, UGS, produits',
      'zh-CN': '物料, 货号, 产品',
      'zh-TW': '物料, 貨號, 產品',
    },
  },
};
