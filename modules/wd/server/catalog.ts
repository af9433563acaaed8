/**
 * Waste Disposal's application NOVUS-WD (issue 41).
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { group, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';

const wasteDisposal: AppCatalog = {
  app: { Application: 'NOVUS-WD', Description: 'Waste Disposal', RouterPath: '/novus-wd' },
  sequence: 90,
  module: '@erp/waste',
  home: '@erp/home#ApplicationHome',
  rows: [
    group('WD0001', 'Operations'),
    group('WD0002', 'Invoicing'),
    group('WD0003', 'Pricing'),
    group('WD0004', 'Reports'),
    group('WD0005', 'Setup'),
    screen('WD0101', 'WD0005', '/service', 'Services'),
    screen('WD0102', 'WD0005', '/firm-maintenance', 'Firm Maintenance'),
    screen('WD0103', 'WD0005', '/user-codes', 'User Codes'),
    screen('WD0104', 'WD0005', '/control-record', 'Control Record'),
    screen('WD0105', 'WD0005', '/waste-class', 'Waste Classes'),
    screen('WD0106', 'WD0005', '/holiday-maintenance', 'Holiday Maintenance'),
    screen('WD0107', 'WD0001', '/quoted-jobs', 'Quoted Jobs'),
    screen('WD0108', 'WD0005', '/quotation-template', 'Quotation Templates'),
    screen('WD0109', 'WD0001', '/scheduling', 'Scheduling'),
    screen('WD0110', 'WD0001', '/work-order-print', 'Work Order Print'),
    screen('WD0111', 'WD0004', '/completed-services-report', 'Completed Services Report'),
    screen('WD0112', 'WD0004', '/certificates-due-for-renewal', 'Certificates Due for Renewal'),
    screen('WD0113', 'WD0003', '/price-table', 'Price Table'),
    screen('WD0114', 'WD0002', '/invoice-processing', 'Invoice Processing'),
    screen('WD0115', 'WD0001', '/order-entry', 'Order Entry'),
    screen('WD0116', 'WD0001', '/serialize-work-load', 'Serialize Work Load'),
    screen('WD0117', 'WD0003', '/price-adjustments', 'Price Adjustments'),
    screen('WD0118', 'WD0003', '/Customer-Price-List', 'Customer Price List'),
    screen('WD0119', 'WD0003', '/PriceTable-Due-ForReview', 'Price Tables Due for Review'),
    screen('WD0120', 'WD0002', '/invoice-publishing', 'Invoice Publishing'),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [wasteDisposal],
  names: {
  'Certificates Due for Renewal': ['Certificats à renouveler', '待续期证书', '待續期證書'],
  'Completed Services Report': ['Rapport des services terminés', '已完成服务报表', '已完成服務報表'],
  'Control Record': ['Enregistrement de contrôle', '控制记录', '控制記錄'],
  'Invoice Processing': ['Traitement des factures', '发票处理', '發票處理'],
  'Invoice Publishing': ['Publication des factures', '发票发布', '發票發布'],
  Operations: ['Opérations', '运营', '營運'],
  'Quotation Templates': ['Modèles de soumission', '报价模板', '報價範本'],
  'Quoted Jobs': ['Travaux soumissionnés', '已报价工作', '已報價工作'],
  Scheduling: ['Planification', '排程', '排程'],
  'Serialize Work Load': ['Ordonnancer la charge de travail', '工作负载排序', '工作負載排序'],
  Services: ['Services', '服务', '服務'],
  'Waste Classes': ['Classes de déchets', '废物类别', '廢棄物類別'],
  'Waste Disposal': ['Élimination des déchets', '废物处理', '廢棄物處理'],
  'Work Order Print': ['Impression des bons de travail', '工单打印', '工單列印'],
  },
  // Issue 40 item 2: what users call the screens this module owns (searched by the menu filter and the palette).
  searchWords: {
    '/quoted-jobs': {
      'en-CA': 'quote, estimate, waste pickup, job',
      'fr-CA': 'soumission, devis, collecte de déchets, travail',
      'zh-CN': '报价, 估价, 废物收运, 作业',
      'zh-TW': '報價, 估價, 廢棄物收運, 作業',
    },
    '/scheduling': {
      'en-CA': 'schedule, dispatch, calendar, pickup',
      'fr-CA': 'horaire, répartition, calendrier, collecte',
      'zh-CN': '排程, 调度, 日历, 收运',
      'zh-TW': '排程, 調度, 行事曆, 收運',
    },
  },
};
