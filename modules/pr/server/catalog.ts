/**
 * Payroll's application NOVUS-PR (issues 29, 41).
 *
 * §2 lists the payroll screens without their routes ("Their routes are not shown"); each becomes its
 * kebab-case form under `/novus-pr` (employee maintenance → `/employee-maintenance`, unions with levels and
 * rates → `/union` and `/union-level`, WSIB groups and rates → `/wsib-group`, …), plus the ROE, the T4 slips
 * and the tax tables the deductions read. GL integration is the General Ledger's screen with the payroll rows
 * preset (`filter.SubLedger` PR).
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { group, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';

/** Payroll (issue 29): menu ids PY…, screens in `@erp/payroll` (modules/pr). */
const payroll: AppCatalog = {
  app: { Application: 'NOVUS-PR', Description: 'Payroll', RouterPath: '/novus-pr' },
  sequence: 110,
  module: '@erp/payroll',
  home: '@erp/home#ApplicationHome',
  rows: [
    group('PY0001', 'Employees'),
    group('PY0002', 'Pay Run'),
    group('PY0003', 'Reports'),
    group('PY0004', 'Year End'),
    group('PY0005', 'Setup'),
    screen('PY0101', 'PY0001', '/employee-maintenance', 'Employee Maintenance'),
    screen('PY0102', 'PY0001', '/employee-inquiry', 'Employee Inquiry'),
    screen('PY0103', 'PY0001', '/year-to-date-list', 'Year-to-Date List'),
    screen('PY0104', 'PY0001', '/hourly-rate-update', 'Hourly Rate Update'),
    screen('PY0105', 'PY0002', '/payroll-transaction', 'Payroll Transaction'),
    screen('PY0106', 'PY0002', '/adjustment', 'Adjustment'),
    screen('PY0107', 'PY0002', '/cheque-preparation', 'Cheque Preparation'),
    screen('PY0108', 'PY0002', '/payment-processing', 'Payment Processing'),
    screen('PY0109', 'PY0002', '/cheque-printing', 'Cheque Printing'),
    screen('PY0110', 'PY0002', '/cheque-cancellation', 'Cheque Cancellation'),
    screen('PY0111', 'PY0002', '/journal-posting', 'Journal Posting'),
    screen('PY0112', 'PY0002', '/journal-printing', 'Journal Printing'),
    screen('PY0113', 'PY0003', '/compensation-report', 'Compensation Report'),
    screen('PY0114', 'PY0003', '/t4-report', 'T4 Report'),
    screen('PY0115', 'PY0004', '/t4-slips', 'T4 Slips'),
    screen('PY0116', 'PY0003', '/roe', 'Record of Employment', { component: 'Roe' }),
    screen('PY0117', 'PY0004', '/year-end', 'Year End'),
    screen('PY0118', 'PY0005', '/union', 'Unions'),
    screen('PY0119', 'PY0005', '/union-level', 'Union Levels and Rates'),
    screen('PY0120', 'PY0005', '/wsib-group', 'WSIB Groups and Rates'),
    screen('PY0121', 'PY0005', '/payroll-codes', 'Payroll Codes'),
    screen('PY0122', 'PY0005', '/gl-integration', 'GL Integration', { module: '@erp/accounting', component: 'GlIntegration', props: { 'filter.SubLedger': 'PR' } }),
    screen('PY0123', 'PY0005', '/journal-schedule', 'Journal Schedule'),
    screen('PY0124', 'PY0005', '/contribution-maintenance', 'Contribution Maintenance'),
    screen('PY0125', 'PY0005', '/tax-tables', 'Tax Tables'),
    screen('PY0126', 'PY0003', '/rl1-report', 'RL-1 Report'),
    screen('PY0127', 'PY0004', '/rl1-slips', 'RL-1 Slips'),
    screen('PY0128', 'PY0003', '/source-deductions-remittance', 'Source Deductions Remittance'),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [payroll],
  names: {
  Adjustment: ['Ajustement', '调整', '調整'],
  'Cheque Preparation': ['Préparation des chèques', '支票准备', '支票準備'],
  'Compensation Report': ['Rapport de rémunération', '薪酬报告', '薪酬報告'],
  'Contribution Maintenance': ['Gestion des cotisations', '供款维护', '供款維護'],
  'Employee Inquiry': ['Consultation d’employé', '员工查询', '員工查詢'],
  'Employee Maintenance': ['Gestion des employés', '员工维护', '員工維護'],
  Employees: ['Employés', '员工', '員工'],
  'Hourly Rate Update': ['Mise à jour des taux horaires', '时薪更新', '時薪更新'],
  'Journal Posting': ['Report des journaux', '日记账过账', '日記帳過帳'],
  'Journal Printing': ['Impression du journal', '日记账打印', '日記帳列印'],
  'Journal Schedule': ['Calendrier des journaux', '日记账计划', '日記帳計畫'],
  'Pay Run': ['Cycle de paie', '发薪批次', '發薪批次'],
  'Payment Processing': ['Traitement des paiements', '付款处理', '付款處理'],
  Payroll: ['Paie', '薪资', '薪資'],
  'Payroll Codes': ['Codes de paie', '薪资代码', '薪資代碼'],
  'Payroll Transaction': ['Transaction de paie', '薪资交易', '薪資交易'],
  'RL-1 Report': ['Rapport des relevés 1', 'RL-1 报表', 'RL-1 報表'],
  'RL-1 Slips': ['Relevés 1', 'RL-1 表', 'RL-1 表'],
  'Record of Employment': ['Relevé d’emploi', '离职记录', '離職記錄'],
  'Source Deductions Remittance': ['Versement des retenues à la source', '源泉扣缴汇缴', '源泉扣繳匯繳'],
  'T4 Report': ['Rapport T4', 'T4 报告', 'T4 報告'],
  'T4 Slips': ['Feuillets T4', 'T4 表', 'T4 表'],
  'Tax Tables': ['Tables d’impôt', '税率表', '稅率表'],
  'Union Levels and Rates': ['Niveaux et taux syndicaux', '工会级别与费率', '工會級別與費率'],
  Unions: ['Syndicats', '工会', '工會'],
  'WSIB Groups and Rates': ['Groupes et taux de la CSPAAT', 'WSIB 组别与费率', 'WSIB 組別與費率'],
  'Year End': ['Fin d’exercice', '年结', '年結'],
  'Year-to-Date List': ['Liste du cumul annuel', '年初至今列表', '年初至今列表'],
  },
  // Issue 40 item 2: what users call the screens this module owns (searched by the menu filter and the palette).
  searchWords: {
    '/employee-maintenance': {
      'en-CA': 'employee, staff, worker, personnel',
      'fr-CA': 'employé, personnel, salarié, travailleur',
      'zh-CN': '员工, 职员, 工人, 人事',
      'zh-TW': '員工, 職員, 工人, 人事',
    },
    '/payroll-transaction': {
      'en-CA': 'timesheet, hours, wages, pay',
      'fr-CA': 'feuille de temps, heures, salaires, paie',
      'zh-CN': '工时表, 工时, 工资, 薪酬',
      'zh-TW': '工時表, 工時, 工資, 薪酬',
    },
    '/source-deductions-remittance': {
      'en-CA': 'PD7A, remittance, source deductions, Receiver General, payroll remittance',
      'fr-CA': 'PD7A, versement, retenues à la source, receveur général, TPZ-1015',
      'zh-CN': 'PD7A, 汇缴, 源泉扣缴, 工资汇缴',
      'zh-TW': 'PD7A, 匯繳, 源泉扣繳, 薪資匯繳',
    },
    '/payment-processing': {
      'en-CA': 'pay run, payroll run, pay employees',
      'fr-CA': 'cycle de paie, traitement de la paie, payer les employés',
      'zh-CN': '发薪, 工资发放, 支付员工',
      'zh-TW': '發薪, 薪資發放, 支付員工',
    },
  },
};
