/**
 * Demo / seed data catalog: applications, menus, route definitions, languages, roles, users and
 * firms (spec §2, §3, §6, §9). The server loads these into its database at first start.
 *
 * Why one file of ~780 lines: it is a data table — §2's screen list written once, application by
 * application, in the spec's order, so it reads against the spec line by line; its repetition is rows.
 *
 * Menus are written below application by application, in the order §2 lists the screens. Each
 * screen's RouterPath is exactly as §2 writes it (case and typos kept, e.g. `Stock-Status`,
 * `cheque-Printing`, `lot-ready-for-insepections`); the full path is application RouterPath +
 * menu RouterPath. Group items (RouterPath '') only hold children and have no route.
 *
 * Paths derived here because §2 names the screen without giving a path:
 * - SHELL: the shell routes are given as bare names; each becomes `/<name>` under `/shell`
 *   (`/country-state-city` … `/change-password`, and `/application` for `/shell/application`).
 * - NOVUS-GL: "the financial-statement column, column-detail, row and row-detail setups" →
 *   `/financial-statement-column`, `/financial-statement-column-detail`,
 *   `/financial-statement-row`, `/financial-statement-row-detail`.
 * - NOVUS-IC physical count set: input by class → `/count-input-by-class`, input by product →
 *   `/count-input-by-product`, by tag → `/count-by-tag`, print count → `/print-count`, add found
 *   products to freeze counts → `/add-found-products`, report products not counted →
 *   `/products-not-counted-report`, count freeze → `/count-freeze`, upgrade warehouse count stage →
 *   `/upgrade-count-stage`, post count to inventory → `/post-count-to-inventory`, discrepancy →
 *   `/count-discrepancy`.
 * - NOVUS-AR: "the waste-disposal order-entry path also appears here" → `/wd-order-entry`.
 * - NOVUS-TE: "model maintenance" → `/model-maintenance`; "(plus a highrise variant)" of
 *   lot-inspection-request → `/lot-inspection-request-highrise`; "inspection request report" →
 *   `/inspection-request-report`; "(plus residential)" of holdback-billing →
 *   `/holdback-billing-residential`; "site-building and building-schedule maintenance" →
 *   `/site-building` and `/building-schedule`.
 * - NOVUS (legacy): each screen written in words becomes its kebab-case form, e.g. "user codes" →
 *   `/user-codes`, "gl chart" → `/gl-chart`, "customer lists" → `/customer-lists`.
 * - PORTAL: the menus are the §2 portal routes `/order` (titled Home), `/myorders`,
 *   `/notifications`, `/cart`; `/orderdetails` is a route only (it receives props).
 * - NOVUS-PR (issue 29): §2 lists the payroll screens without their routes ("Their routes are not
 *   shown"); each becomes its kebab-case form under `/novus-pr` (employee maintenance →
 *   `/employee-maintenance`, unions with levels and rates → `/union` and `/union-level`, WSIB groups and
 *   rates → `/wsib-group`, …), plus the ROE, the T4 slips and the tax tables the deductions read. GL
 *   integration is the General Ledger's screen with the payroll rows preset (`filter.SubLedger` PR).
 *
 * Deliberately inactive menus (IsActive false), so the shell can prove it hides them: the legacy
 * NOVUS audits NV0122 `/price-override-audit` and NV0123 `/safety-price-audit`, superseded by the
 * same screens in NOVUS-OE.
 *
 * Frames (§1, §2; shell/frames.ts): RESTEEL0002 `/resteel-oe/resteel` is the embedded steel
 * order-entry system (`@erp/frames#SteelFrame`). Three legacy NOVUS screens already have a page in the
 * newer-version front end and are shown from there, one iframe per registered path
 * (`@erp/frames#Frame`, Props `{"src":"/novus/index.html#<path>"}`, the src relative to
 * NOVUS_FRONTEND_ORIGIN): NV0116 `/novus/sales-order-entry`, NV0119 `/novus/order-summary` and NV0117
 * `/novus/load-sheet` — the order desk's daily screens. Their menus stay as they are.
 */
import type { Application, Language, Menu, RouteDefinition } from '../../../shared/src/types.ts';
import { entitiesForRoute } from '@erp/shared/entities/index';
import { registerServerModules } from '../modules/index.ts';
import { FRAMES_MODULE, NOVUS_FRONTEND_PAGE } from '../shell/frames.ts';

// The routes below name the generic entity screen where a registered definition lists the path (the shell
// module's administration and firm-maintenance screens included): the modules are registered first.
await registerServerModules();

/** Landing page of portal customers (§6: the landing page decides portal customer vs staff). */
export const PORTAL_LANDING_PAGE = '/portal';

/** ParentId of top-level menu items (§3, §9). */
const ROOT = 'ROOT';

interface MenuOptions {
  /** Module of the screen, when it is not the application's (frames live in `@erp/frames`). */
  module?: string;
  /** Export name in the module, when it is not the PascalCase form of the RouterPath. */
  component?: string;
  /** Route Props (stored as JSON text). */
  props?: Record<string, unknown>;
  /** false for the deliberately inactive legacy items. */
  active?: boolean;
}

interface MenuRow {
  id: string;
  parent: string;
  path: string;
  name: string;
  options: MenuOptions;
}

interface AppCatalog {
  app: Application;
  /** Module that holds this application's screens, e.g. `@erp/accounting`. */
  module: string;
  /** Component of the application root route. */
  home: string;
  rows: MenuRow[];
}

/** A group item: holds children, has no screen (RouterPath ''). Always a top-level item. */
function group(id: string, name: string): MenuRow {
  return { id, parent: ROOT, path: '', name, options: {} };
}

/** A screen item. */
function screen(id: string, parent: string, path: string, name: string, options: MenuOptions = {}): MenuRow {
  return { id, parent, path, name, options };
}

/** `/gl-chart` → `GlChart`, `/time_card` → `TimeCard`, `/Stock-Status` → `StockStatus`. */
function pascalCase(routerPath: string): string {
  return routerPath
    .split(/[-_/]/)
    .filter((part) => part.length > 0)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * A screen shown from the newer-version front end: one iframe per such route (shell/frames.ts). `path`
 * is the screen's path in that front end, carried in the page's hash (its routing is hash-based too).
 */
function novusFrame(path: string): MenuOptions {
  return { module: FRAMES_MODULE, component: 'Frame', props: { src: `${NOVUS_FRONTEND_PAGE}#${path}` } };
}

const VENDOR = { firmType: 'vendor' };
const CUSTOMER = { firmType: 'customer' };

const shell: AppCatalog = {
  app: { Application: 'SHELL', Description: 'Shell administration', RouterPath: '/shell' },
  module: '@erp/shell-admin',
  home: '@erp/home#ApplicationHome',
  rows: [
    group('SH0001', 'Setup'),
    group('SH0002', 'Security'),
    screen('SH0101', 'SH0001', '/country-state-city', 'Countries, States and Cities'),
    screen('SH0102', 'SH0001', '/sequence-counter', 'Sequence Counters'),
    screen('SH0103', 'SH0001', '/code-index', 'Code Index'),
    screen('SH0104', 'SH0001', '/configuration', 'Configuration'),
    screen('SH0105', 'SH0001', '/company', 'Company'),
    screen('SH0106', 'SH0001', '/branch', 'Branches'),
    screen('SH0107', 'SH0001', '/warehouse', 'Warehouses'),
    screen('SH0108', 'SH0002', '/role', 'Roles'),
    screen('SH0109', 'SH0002', '/user', 'Users'),
    screen('SH0110', 'SH0002', '/user-securables', 'User Securables'),
    screen('SH0111', 'SH0002', '/menu-access', 'Menu Access'),
    screen('SH0112', 'SH0002', '/form-widgets-security', 'Form Widgets Security'),
    screen('SH0113', 'SH0002', '/change-password', 'Change Password'),
    screen('SH0114', 'SH0001', '/application', 'Applications'),
    screen('SH0115', 'SH0002', '/sign-in-log', 'Sign-in Log'),
    screen('SH0116', 'SH0001', '/mailbox', 'Mailbox'),
  ],
};

const accountsPayable: AppCatalog = {
  app: { Application: 'NOVUS-AP', Description: 'Accounts Payable', RouterPath: '/novus-ap' },
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

const accountsReceivable: AppCatalog = {
  app: { Application: 'NOVUS-AR', Description: 'Accounts Receivable', RouterPath: '/novus-ar' },
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

const generalLedger: AppCatalog = {
  app: { Application: 'NOVUS-GL', Description: 'General Ledger', RouterPath: '/novus-gl' },
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
  ],
};

const inventoryControl: AppCatalog = {
  app: { Application: 'NOVUS-IC', Description: 'Inventory Control', RouterPath: '/novus-ic' },
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

const orderEntry: AppCatalog = {
  app: { Application: 'NOVUS-OE', Description: 'Order Entry', RouterPath: '/novus-oe' },
  module: '@erp/order-entry',
  home: '@erp/home#ApplicationHome',
  rows: [
    group('OE0001', 'Orders'),
    group('OE0002', 'Invoicing'),
    group('OE0003', 'Pricing'),
    group('OE0004', 'Inquiries'),
    group('OE0005', 'Reports'),
    group('OE0006', 'Setup'),
    screen('OE0101', 'OE0001', '/sales-order-entry', 'Sales Order Entry'),
    screen('OE0102', 'OE0001', '/ta-order-entry', 'TA Order Entry'),
    screen('OE0103', 'OE0004', '/order-summary', 'Order Summary'),
    screen('OE0104', 'OE0001', '/resteel', 'ReSteel Orders'),
    screen('OE0105', 'OE0001', '/load-sheet', 'Load Sheet'),
    screen('OE0106', 'OE0003', '/price-table', 'Price Table'),
    screen('OE0107', 'OE0006', '/firm-maintenance', 'Firm Maintenance'),
    screen('OE0108', 'OE0006', '/holiday-maintenance', 'Holiday Maintenance'),
    screen('OE0109', 'OE0006', '/product-maintenance', 'Product Maintenance'),
    screen('OE0110', 'OE0006', '/sales-rep', 'Sales Reps'),
    screen('OE0111', 'OE0005', '/sales-rep-commission', 'Sales Rep Commission'),
    screen('OE0112', 'OE0006', '/sales-taxes', 'Sales Taxes'),
    screen('OE0113', 'OE0006', '/product-class', 'Product Classes'),
    screen('OE0114', 'OE0006', '/user-codes', 'User Codes'),
    screen('OE0115', 'OE0004', '/purchase-order-list', 'Purchase Order List'),
    screen('OE0116', 'OE0001', '/orders-call-list', 'Orders Call List'),
    screen('OE0117', 'OE0005', '/price-override-audit', 'Price Override Audit'),
    screen('OE0118', 'OE0005', '/safety-price-audit', 'Safety Price Audit'),
    screen('OE0119', 'OE0002', '/orders-invoices-queue', 'Orders and Invoices Queue'),
    screen('OE0120', 'OE0005', '/credit-sales-report', 'Credit Sales Report'),
    screen('OE0121', 'OE0006', '/routes', 'Delivery Routes'),
    screen('OE0122', 'OE0005', '/Products-price-list', 'Products Price List'),
    screen('OE0123', 'OE0006', '/Customer-SKUs', 'Customer SKUs'),
    screen('OE0124', 'OE0002', '/jobbers-invoicing-queue', 'Jobbers Invoicing Queue'),
    screen('OE0125', 'OE0003', '/discount-table', 'Discount Table'),
    screen('OE0126', 'OE0002', '/invoice-printing', 'Invoice Printing'),
    screen('OE0127', 'OE0003', '/price-adjustments', 'Price Adjustments'),
    screen('OE0128', 'OE0005', '/sales-register-report', 'Sales Register Report'),
    screen('OE0129', 'OE0005', '/sales-commission', 'Sales Commission'),
    screen('OE0130', 'OE0005', '/mf-sales-commission', 'MF Sales Commission'),
    screen('OE0131', 'OE0003', '/Customer-Price-List', 'Customer Price List'),
    screen('OE0132', 'OE0003', '/PriceTable-Due-ForReview', 'Price Tables Due for Review'),
    screen('OE0133', 'OE0003', '/new-products-pricing', 'New Products Pricing'),
    screen('OE0134', 'OE0001', '/orders-shipping-queue', 'Orders Shipping Queue'),
    screen('OE0135', 'OE0005', '/sales-analysis', 'Sales Analysis'),
    screen('OE0136', 'OE0004', '/ar-account-inquiry', 'AR Account Inquiry'),
    screen('OE0137', 'OE0004', '/product-inquiry', 'Product Inquiry'),
    screen('OE0138', 'OE0001', '/edit-lot-numbers-shipped', 'Edit Lot Numbers Shipped'),
    screen('OE0139', 'OE0004', '/lot-number-tracking', 'Lot Number Tracking'),
    screen('OE0140', 'OE0006', '/account-terms', 'Account Terms'),
    screen('OE0141', 'OE0006', '/portal-notifications', 'Portal Notifications'),
    screen('OE0142', 'OE0002', '/driver-cash-in', 'Driver Cash-In'),
    screen('OE0143', 'OE0003', '/renew-price-table', 'Renew Price Table'),
    screen('OE0144', 'OE0003', '/price-table-import-export', 'Price Table Import/Export'),
    screen('OE0145', 'OE0004', '/sales-documents', 'Sales Documents'),
    screen('OE0146', 'OE0005', '/order-status-report', 'Order Status Report'),
    screen('OE0147', 'OE0003', '/product-price-import', 'Product Price Import'),
    screen('OE0148', 'OE0001', '/products-return', 'Product Returns'),
    screen('OE0149', 'OE0006', '/email-template', 'Email Templates'),
    screen('OE0150', 'OE0005', '/edi-not-transmitted', 'EDI Not Transmitted'),
    screen('OE0151', 'OE0005', '/cdc-report', 'CDC Report'),
    screen('OE0152', 'OE0005', '/product-class-report', 'Product Class Report'),
    screen('OE0153', 'OE0005', '/jobs-costing', 'Jobs Costing'),
    screen('OE0154', 'OE0005', '/product-discount-report', 'Product Discount Report'),
    screen('OE0155', 'OE0003', '/tariff-table', 'Tariff Table'),
  ],
};

/** Small application: flat menu. */
const purchaseOrder: AppCatalog = {
  app: { Application: 'NOVUS-PO', Description: 'Purchase Order', RouterPath: '/novus-po' },
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

/** Small application: flat menu. */
const polo: AppCatalog = {
  app: { Application: 'NOVUS-PT', Description: 'POLO', RouterPath: '/novus-pt' },
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

const wasteDisposal: AppCatalog = {
  app: { Application: 'NOVUS-WD', Description: 'Waste Disposal', RouterPath: '/novus-wd' },
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

/** Payroll (issue 29): menu ids PY…, screens in `@erp/payroll` (modules/pr). */
const payroll: AppCatalog = {
  app: { Application: 'NOVUS-PR', Description: 'Payroll', RouterPath: '/novus-pr' },
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
  ],
};

const trades: AppCatalog = {
  app: { Application: 'NOVUS-TE', Description: 'Trades and contracting', RouterPath: '/novus-te' },
  module: '@erp/trades',
  home: '@erp/home#ApplicationHome',
  rows: [
    group('TE0001', 'Sites and lots'),
    group('TE0002', 'Models and options'),
    group('TE0003', 'Inspections'),
    group('TE0004', 'Billing'),
    group('TE0005', 'Work orders and time'),
    group('TE0006', 'Reports'),
    group('TE0007', 'Setup'),
    screen('TE0101', 'TE0007', '/firm', 'Firms'),
    screen('TE0102', 'TE0001', '/job-site', 'Job Sites'),
    screen('TE0103', 'TE0002', '/model-maintenance', 'Model Maintenance'),
    screen('TE0104', 'TE0007', '/user-codes', 'User Codes'),
    screen('TE0105', 'TE0001', '/lots-models', 'Lots and Models'),
    screen('TE0106', 'TE0001', '/lot-maintenance', 'Lot Maintenance'),
    screen('TE0107', 'TE0003', '/lot-inspection-request', 'Lot Inspection Request'),
    screen('TE0108', 'TE0003', '/lot-inspection-request-highrise', 'Lot Inspection Request (Highrise)'),
    screen('TE0109', 'TE0003', '/lot-inspection', 'Lot Inspection'),
    screen('TE0110', 'TE0006', '/inspection-request-report', 'Inspection Request Report'),
    screen('TE0111', 'TE0002', '/option-maintenance', 'Option Maintenance'),
    screen('TE0112', 'TE0002', '/site-option', 'Site Options'),
    screen('TE0113', 'TE0002', '/lot-option', 'Lot Options'),
    screen('TE0114', 'TE0002', '/contract-prices-by-model', 'Contract Prices by Model'),
    screen('TE0115', 'TE0006', '/extra-billing-analysis', 'Extra Billing Analysis'),
    screen('TE0116', 'TE0006', '/contract-billing-analysis', 'Contract Billing Analysis'),
    screen('TE0117', 'TE0002', '/copy-model', 'Copy Model'),
    screen('TE0118', 'TE0002', '/change-model-prices', 'Change Model Prices'),
    screen('TE0119', 'TE0001', '/site-attachment-list', 'Site Attachments'),
    screen('TE0120', 'TE0004', '/contract-billing-invoice', 'Contract Billing Invoice'),
    screen('TE0121', 'TE0004', '/option-billing-invoice', 'Option Billing Invoice'),
    screen('TE0122', 'TE0004', '/holdback-billing', 'Holdback Billing'),
    screen('TE0123', 'TE0004', '/holdback-billing-residential', 'Holdback Billing (Residential)'),
    screen('TE0124', 'TE0004', '/te-order-entry', 'Trades Order Entry'),
    screen('TE0125', 'TE0004', '/ar-account-inquiry', 'AR Account Inquiry'),
    screen('TE0126', 'TE0004', '/progress-billing', 'Progress Billing'),
    screen('TE0127', 'TE0001', '/site-building', 'Site Building Maintenance'),
    screen('TE0128', 'TE0001', '/building-schedule', 'Building Schedule Maintenance'),
    screen('TE0129', 'TE0006', '/lot-listing-report', 'Lot Listing Report'),
    screen('TE0130', 'TE0006', '/te-sales-register-report', 'Sales Register Report'),
    screen('TE0131', 'TE0003', '/inspector-maintenance', 'Inspector Maintenance'),
    screen('TE0132', 'TE0007', '/work-code', 'Work Codes'),
    screen('TE0133', 'TE0005', '/time_card', 'Time Cards'),
    screen('TE0134', 'TE0005', '/work_order', 'Work Orders'),
    screen('TE0135', 'TE0005', '/service_work_order', 'Service Work Orders'),
    screen('TE0136', 'TE0006', '/job-costing', 'Job Costing'),
    screen('TE0137', 'TE0002', '/model-labour-budget', 'Model Labour Budget'),
    screen('TE0138', 'TE0006', '/labour-budget-report', 'Labour Budget Report'),
    screen('TE0139', 'TE0005', '/generate-work-order', 'Generate Work Orders'),
    screen('TE0140', 'TE0006', '/time-sheet-report', 'Time Sheet Report'),
    // Path keeps the spec's spelling; the export name is spelled correctly.
    screen('TE0141', 'TE0003', '/lot-ready-for-insepections', 'Lots Ready for Inspection', {
      component: 'LotReadyForInspections',
    }),
    screen('TE0142', 'TE0006', '/employee-workday-report', 'Employee Workday Report'),
  ],
};

/** Small application: flat menu. RESTEEL0002 is the menu the shell watches (§2: resteelWin). */
const steelReseller: AppCatalog = {
  app: { Application: 'RESTEEL-OE', Description: 'Steel re-seller', RouterPath: '/resteel-oe' },
  module: '@erp/steel',
  home: '@erp/home#ApplicationHome',
  rows: [
    // The embedded steel order-entry system (§2): page URL, origin and domain come from the shell config.
    screen('RESTEEL0002', ROOT, '/resteel', 'ReSteel Order Entry', { module: FRAMES_MODULE, component: 'SteelFrame' }),
    screen('RS0102', ROOT, '/ar-account-inquiry', 'AR Account Inquiry'),
    screen('RS0103', ROOT, '/ar-overdue-accounts', 'Overdue Accounts'),
    screen('RS0104', ROOT, '/aged-trial-balance', 'Aged Trial Balance'),
    screen('RS0105', ROOT, '/Account-statement', 'Account Statements'),
  ],
};

const legacy: AppCatalog = {
  app: { Application: 'NOVUS', Description: 'Legacy screens', RouterPath: '/novus' },
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

/** Small application: flat menu. `/orderdetails` is a route only (see `routes`). */
const portal: AppCatalog = {
  app: { Application: 'PORTAL', Description: 'Customer ordering portal', RouterPath: PORTAL_LANDING_PAGE },
  module: '@erp/portal',
  home: '@erp/home#ApplicationHome',
  rows: [
    screen('PR0101', ROOT, '/order', 'Home', { component: 'Order' }),
    screen('PR0102', ROOT, '/myorders', 'My Orders', { component: 'MyOrders' }),
    screen('PR0103', ROOT, '/notifications', 'Notifications'),
    screen('PR0104', ROOT, '/cart', 'Cart'),
  ],
};

const catalog: AppCatalog[] = [
  shell,
  accountsPayable,
  accountsReceivable,
  generalLedger,
  inventoryControl,
  orderEntry,
  purchaseOrder,
  polo,
  wasteDisposal,
  trades,
  payroll,
  steelReseller,
  legacy,
  portal,
];

/** §3 Applications, in the order of the Applications menu. HOME is the shell's own tab, not here. */
export const applications: Application[] = catalog.map((entry) => ({ ...entry.app }));

/** §3 Menus. Sequence is 10, 20, 30… in row order within each parent of each application. */
export const menus: Omit<Menu, 'MenuKey'>[] = catalog.flatMap((entry) => {
  const nextSequence = new Map<string, number>();
  return entry.rows.map((row) => {
    const sequence = (nextSequence.get(row.parent) ?? 0) + 10;
    nextSequence.set(row.parent, sequence);
    return {
      Application: entry.app.Application,
      MenuId: row.id,
      MenuName: row.name,
      ParentId: row.parent,
      Sequence: sequence,
      IsActive: row.options.active ?? true,
      RouterPath: row.path,
    };
  });
});

/** The generic entity screen where an entity definition names the route (screens as data), else the menu's own. */
const ENTITY_SCREEN = '@erp/records#EntityScreen';

function screenComponent(entry: AppCatalog, row: MenuRow): string {
  if (!row.options.component && entitiesForRoute(entry.app.RouterPath + row.path).length > 0) return ENTITY_SCREEN;
  return `${row.options.module ?? entry.module}#${row.options.component ?? pascalCase(row.path)}`;
}

function meta(value: Record<string, unknown>): string {
  return JSON.stringify(value);
}

/**
 * §3 Route definitions: `/` (HOME), every application root, every menu with a RouterPath
 * (Name = MenuId), and the portal's `/portal/orderdetails`.
 */
export const routes: Omit<RouteDefinition, 'RouteKey'>[] = [
  { Path: '/', Name: 'HOME', Component: '@erp/home#Home', Props: null, Meta: meta({ title: 'Home' }) },
  ...catalog.flatMap((entry) => {
    const root: Omit<RouteDefinition, 'RouteKey'> = {
      Path: entry.app.RouterPath,
      Name: entry.app.Application,
      Component: entry.home,
      Props: null,
      Meta: meta({ title: entry.app.Description }),
    };
    const screens = entry.rows
      .filter((row) => row.path !== '')
      .map(
        (row): Omit<RouteDefinition, 'RouteKey'> => ({
          Path: entry.app.RouterPath + row.path,
          Name: row.id,
          Component: screenComponent(entry, row),
          Props: row.options.props ? JSON.stringify(row.options.props) : null,
          Meta: meta({ title: row.name }),
        }),
      );
    return [root, ...screens];
  }),
  {
    Path: `${PORTAL_LANDING_PAGE}/orderdetails`,
    Name: 'PORTAL-ORDERDETAILS',
    Component: '@erp/portal#OrderDetails',
    Props: null,
    Meta: meta({ title: 'Order Details', receivesProps: true }),
  },
];

/** §3 Languages; §9 default locale en-CA. LocaleIdentifier = LanguageCode-CountryCode. */
export const languages: Omit<Language, 'LanguageKey'>[] = [
  { Name: 'English (Canada)', LanguageCode: 'en', CountryCode: 'CA', ImageUrl: '/locales/flags/ca.svg', LocaleIdentifier: 'en-CA' },
  { Name: 'Français (Canada)', LanguageCode: 'fr', CountryCode: 'CA', ImageUrl: '/locales/flags/ca.svg', LocaleIdentifier: 'fr-CA' },
  { Name: '简体中文', LanguageCode: 'zh', CountryCode: 'CN', ImageUrl: '/locales/flags/cn.svg', LocaleIdentifier: 'zh-CN' },
  { Name: '繁體中文', LanguageCode: 'zh', CountryCode: 'TW', ImageUrl: '/locales/flags/tw.svg', LocaleIdentifier: 'zh-TW' },
];

/** A role and the applications it opens ('*' = every application). */
export interface SeedRole {
  RoleId: string;
  Name: string;
  Applications: string[] | '*';
}

export const roles: SeedRole[] = [
  { RoleId: 'ADMIN', Name: 'Administrator', Applications: '*' },
  { RoleId: 'CLERK', Name: 'Order desk clerk', Applications: ['NOVUS-OE', 'NOVUS-IC'] },
  { RoleId: 'PORTAL', Name: 'Portal customer', Applications: ['PORTAL'] },
  { RoleId: 'STEEL', Name: 'Steel re-seller desk', Applications: ['RESTEEL-OE', 'NOVUS-OE'] },
  // Payroll staff: the only role that sees pay data (SIN, bank, wages), whatever else a user may open.
  { RoleId: 'PAYROLL', Name: 'Payroll staff', Applications: ['NOVUS-PR'] },
];

/** A demo user. Securables are §3 bill-to securables: `billToId,shipToId,…`. */
export interface SeedUser {
  UserId: string;
  Password: string;
  DisplayName: string;
  Email: string;
  Domain: string;
  LandingPage: string | null;
  ShowMenus: boolean;
  Roles: string[];
  DefaultShipToId: string | null;
  Securables: string[];
  Language: string;
}

/** Company domain of the staff users. */
const STAFF_DOMAIN = 'novus.example';

/**
 * The four demo users. `steelDomain` is the one company domain allowed to see the embedded steel
 * frame (§2, §6); the steel user's profile domain is set to it.
 */
export function demoUsers(options: { steelDomain: string }): SeedUser[] {
  return [
    {
      UserId: 'admin',
      Password: 'admin',
      DisplayName: 'Dana Whitfield',
      Email: 'dana.whitfield@novus.example',
      Domain: STAFF_DOMAIN,
      LandingPage: null,
      ShowMenus: true,
      Roles: ['ADMIN', 'PAYROLL'],
      DefaultShipToId: null,
      Securables: [],
      Language: 'en-CA',
    },
    {
      UserId: 'clerk',
      Password: 'clerk',
      DisplayName: 'Marc-André Tremblay',
      Email: 'marc-andre.tremblay@novus.example',
      Domain: STAFF_DOMAIN,
      LandingPage: null,
      ShowMenus: true,
      Roles: ['CLERK'],
      DefaultShipToId: null,
      Securables: [],
      Language: 'en-CA',
    },
    {
      UserId: 'portal',
      Password: 'portal',
      DisplayName: 'Priya Sandhu',
      Email: 'priya.sandhu@northshore-metals.example',
      Domain: 'northshore-metals.example',
      LandingPage: PORTAL_LANDING_PAGE,
      ShowMenus: true,
      Roles: ['PORTAL'],
      DefaultShipToId: 'S101',
      Securables: ['B100,S101,S102', 'B200,S201'],
      Language: 'en-CA',
    },
    {
      UserId: 'steel',
      Password: 'steel',
      DisplayName: "Liam O'Connor",
      Email: `liam.oconnor@${options.steelDomain}`,
      Domain: options.steelDomain,
      LandingPage: null,
      ShowMenus: true,
      Roles: ['STEEL'],
      DefaultShipToId: null,
      Securables: [],
      Language: 'en-CA',
    },
  ];
}

/** §3 Firm with its firm types. B = bill-to, S = ship-to; S10x ship to B100's sites, and so on. */
export interface SeedFirm {
  FirmId: string;
  Name: string;
  IsActive: boolean;
  FirmTypes: ('bill-to' | 'ship-to' | 'vendor')[];
}

export const firms: SeedFirm[] = [
  { FirmId: 'B100', Name: 'Northshore Metals Ltd.', IsActive: true, FirmTypes: ['bill-to'] },
  { FirmId: 'S101', Name: 'Northshore Metals - Hamilton Yard', IsActive: true, FirmTypes: ['ship-to'] },
  { FirmId: 'S102', Name: 'Northshore Metals - Mississauga Warehouse', IsActive: true, FirmTypes: ['ship-to'] },
  { FirmId: 'B200', Name: 'Laurentian Electrical Contractors Inc.', IsActive: true, FirmTypes: ['bill-to'] },
  { FirmId: 'S201', Name: 'Laurentian Electrical - Laval Job Site', IsActive: true, FirmTypes: ['ship-to'] },
  // B300 / S301 are in nobody's securables: the portal must never offer them.
  { FirmId: 'B300', Name: 'Prairie Steel Fabricators Corp.', IsActive: true, FirmTypes: ['bill-to'] },
  { FirmId: 'S301', Name: 'Prairie Steel Fabricators - Saskatoon Shop', IsActive: true, FirmTypes: ['ship-to'] },
];
