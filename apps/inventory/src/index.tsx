/**
 * @erp/inventory — Inventory control and warehouse counts (/novus-ic).
 * Screens as parcels for the shell's tab host (screen contract, `@erp/shared` screen.ts):
 * - `ApplicationHome` — the initial page of Inventory Control (Component `@erp/inventory#ApplicationHome`).
 * - `UserCodes` — GL-09 user codes (`/novus-ic/user-codes`), built by `@erp/accounting` and re-exported here.
 * - h15a: ProductClass, ProductGroup, ProductType, ProductGrade, Grade, ProductSpecification (entity screens
 *   of the product masters) and ProductMaintenance (./ProductMaintenance.tsx: products with their BoM and
 *   attachments, and their prices), re-exported by @erp/order-entry, @erp/purchasing and @erp/legacy.
 * The inventory screens named by the other route Components are not in this release: the shell says so in
 * their tabs.
 */
import { registerModule } from '@erp/shared/entities/index';
import { icModule } from '@erp/shared/modules/ic/index';
import { ApplicationHome as ApplicationHomePage, screen } from '@erp/ui';
import { ENTITY_SCREEN_NAMESPACES, documentScreen, entityScreen, processScreen, reportScreen } from '@erp/records';
import { billOfMaterialsReport, demandActionReport, inventoryYearEnd, productionWorkOrderReport } from '@erp/shared/modules/ic/reports/index';
import { productCost, productInquiry, stockStatus } from '@erp/shared/modules/ic/stock/reports';
import { coilInquiry } from '@erp/shared/modules/ic/coils/index';
import { ProductMaintenanceView } from './ProductMaintenance.tsx';

registerModule(icModule);

export const ApplicationHome = screen(ApplicationHomePage, { module: '@erp/inventory' });

export { UserCodes } from '@erp/accounting';

/** Every IC screen: this module, with the IC strings. */
const IC_SCREEN = { module: '@erp/inventory', namespaces: ['ic'] } as const;

// Coils and heat numbers (h15b, issue 15 item 3): IC-09 heat numbers (chemistry, mechanicals, MTR attachment),
// IC-08 coils (a document screen: the coil status and its actions), IC-17 coil inquiry (report).
export const HeatNumber = entityScreen('heat-number', IC_SCREEN);
export const Coil = documentScreen('coil', IC_SCREEN);
export const CoilInquiry = reportScreen(coilInquiry, IC_SCREEN);

// h15a: product masters (IC-01 … IC-06) and product maintenance with its prices (IC-07).
export const ProductClass = entityScreen('product-class', IC_SCREEN);
export const ProductGroup = entityScreen('product-group', IC_SCREEN);
export const ProductType = entityScreen('product-type', IC_SCREEN);
export const ProductGrade = entityScreen('product-grade', IC_SCREEN);
export const Grade = entityScreen('grade', IC_SCREEN);
export const ProductSpecification = entityScreen('product-specification', IC_SCREEN);
export const ProductMaintenance = screen(ProductMaintenanceView, { module: '@erp/inventory', namespaces: [...ENTITY_SCREEN_NAMESPACES, 'ic'] });

// h15c: inventory tickets (IC-10) — a document with lines and each line's lot numbers.
export const InventoryTicket = documentScreen('inventory-ticket', IC_SCREEN);
export const StockStatus = reportScreen(stockStatus, IC_SCREEN);
export const ProductCost = reportScreen(productCost, IC_SCREEN);
export const ProductInquiry = reportScreen(productInquiry, IC_SCREEN);

// h15d: production work orders (IC-11), IC reports (IC-15, IC-16, IC-18) and the inventory year end (IC-19).
export const ProductionWorkOrder = documentScreen('production-work-order', IC_SCREEN);
export const BillOfMaterialsReport = reportScreen(billOfMaterialsReport, IC_SCREEN);
export const ProductionWorkOrderReport = reportScreen(productionWorkOrderReport, IC_SCREEN);
export const DemandActionReport = reportScreen(demandActionReport, IC_SCREEN);
export const InventoryYearEnd = processScreen(inventoryYearEnd, IC_SCREEN);
