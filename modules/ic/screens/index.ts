/**
 * Inventory Control's screens (issue 15; SCREENS.md WP3): parcel configs bundled into `@erp/inventory`
 * (module.json `app`), re-exported by Order Entry, Purchasing and legacy NOVUS where their menus list them
 * (their module.json `shows`). Loading them registers the IC definitions.
 */
import { registerModule } from '@erp/shared/entities/index';
import { ENTITY_SCREEN_NAMESPACES, documentScreen, entityScreen, processScreen, reportScreen } from '@erp/records';
import { screen } from '@erp/ui';
import manifest from '../module.json';
import { icModule } from '../definitions/index.ts';
import { coilInquiry } from '../definitions/coils/index.ts';
import { countDiscrepancy, countFreeze, countPost, countSheets, countUpgrade, productsNotCounted } from '../definitions/count/index.ts';
import { billOfMaterialsReport, demandActionReport, inventoryYearEnd, productionWorkOrderReport } from '../definitions/reports/index.ts';
import { productCost, productInquiry, stockStatus } from '../definitions/stock/reports.ts';
import { ProductMaintenanceView } from './ProductMaintenance.tsx';

registerModule(icModule);

const MODULE = `@erp/${manifest.app}`;
/** Every IC screen: its micro-app, with the IC strings. */
const IC = { module: MODULE, namespaces: [manifest.namespace] } as const;

// Coils and heat numbers: IC-09 heat numbers, IC-08 coils (a document: coil status and its actions), IC-17 coil inquiry.
export const HeatNumber = entityScreen('heat-number', IC);
export const Coil = documentScreen('coil', IC);
export const CoilInquiry = reportScreen(coilInquiry, IC);

// Product masters IC-01 … IC-06 and product maintenance with its prices (IC-07).
export const ProductClass = entityScreen('product-class', IC);
export const ProductGroup = entityScreen('product-group', IC);
export const ProductType = entityScreen('product-type', IC);
export const ProductGrade = entityScreen('product-grade', IC);
export const Grade = entityScreen('grade', IC);
export const ProductSpecification = entityScreen('product-specification', IC);
export const ProductMaintenance = screen(ProductMaintenanceView, { module: MODULE, namespaces: [...ENTITY_SCREEN_NAMESPACES, manifest.namespace] });

// IC-10 inventory tickets (lines and each line's lot numbers) and the stock reports.
export const InventoryTicket = documentScreen('inventory-ticket', IC);
export const StockStatus = reportScreen(stockStatus, IC);
export const ProductCost = reportScreen(productCost, IC);
export const ProductInquiry = reportScreen(productInquiry, IC);

// IC-11 production work orders, IC reports (IC-15, IC-16, IC-18) and the inventory year end (IC-19).
export const ProductionWorkOrder = documentScreen('production-work-order', IC);
export const BillOfMaterialsReport = reportScreen(billOfMaterialsReport, IC);
export const ProductionWorkOrderReport = reportScreen(productionWorkOrderReport, IC);
export const DemandActionReport = reportScreen(demandActionReport, IC);
export const InventoryYearEnd = processScreen(inventoryYearEnd, IC);

// The physical count cycle (issue 23 item 4, SCREENS.md PC-01 … PC-10): the stage steps are processes over
// warehouses; counts are entered on the freeze's lines (by class, by product; found products are new lines)
// and on tags; the open count's lines are preset (IsOpen), the class or product filter is the user's.
const OPEN_LINES = () => ({ 'filter.IsOpen': 'true' });
export const CountFreeze = processScreen(countFreeze, IC);
export const PrintCount = reportScreen(countSheets, IC);
export const CountInputByClass = entityScreen('count-line', { ...IC, titleKey: 'ic:count-input-by-class.title', routeProps: OPEN_LINES });
export const CountInputByProduct = entityScreen('count-line', { ...IC, titleKey: 'ic:count-input-by-product.title', routeProps: OPEN_LINES });
export const CountByTag = documentScreen('count-tag', IC);
export const AddFoundProducts = entityScreen('count-line', { ...IC, titleKey: 'ic:add-found-products.title', routeProps: () => ({ 'filter.IsOpen': 'true', 'filter.IsFound': 'true' }) });
export const ProductsNotCountedReport = reportScreen(productsNotCounted, IC);
export const UpgradeCountStage = processScreen(countUpgrade, IC);
export const PostCountToInventory = processScreen(countPost, IC);
export const CountDiscrepancy = reportScreen(countDiscrepancy, IC);
