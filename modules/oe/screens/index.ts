/**
 * Order Entry's screens (issue 25; SCREENS.md WP7 7a): parcel configs bundled into `@erp/order-entry`
 * (module.json `app`; POLO's menus name the same micro-app), re-exported by Waste Disposal and legacy NOVUS
 * where their menus list them (their module.json `shows`). Export names are the route catalog's Components.
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, ENTITY_SCREEN_NAMESPACES, entityScreen, processScreen, registerFieldWidget, reportScreen } from '@erp/records';
import { screen } from '@erp/ui';
import manifest from '../module.json';
import { oeModule } from '../definitions/index.ts';
import { customerPriceList, newProductsPricing, priceAdjustments, priceOverrideAudit, priceTablesDue, productsPriceList, renewPriceTable, safetyPriceAudit } from '../definitions/reports.ts';
import { EmailBody } from './EmailBody.tsx';
import { ListImport, TableImport } from './PriceImport.tsx';

registerModule(oeModule);
registerFieldWidget('email-template-body', EmailBody);

const MODULE = `@erp/${manifest.app}`;
const OE = { module: MODULE, namespaces: [manifest.namespace] } as const;

// OE-01 … OE-04 pricing masters.
export const PriceTable = documentScreen('price-table', OE);
export const DiscountTable = documentScreen('discount-table', OE);
export const CustomerSKUs = entityScreen('customer-sku', OE);
export const TariffTable = entityScreen('tariff', OE);

// OE-05, OE-06, OE-09 price maintenance processes; OE-07, OE-08 imports.
export const PriceAdjustments = processScreen(priceAdjustments, OE);
export const RenewPriceTable = processScreen(renewPriceTable, OE);
export const NewProductsPricing = processScreen(newProductsPricing, OE);
export const PriceTableImportExport = screen(TableImport, { module: MODULE, namespaces: [...ENTITY_SCREEN_NAMESPACES, 'reports', manifest.namespace] });
export const ProductPriceImport = screen(ListImport, { module: MODULE, namespaces: [...ENTITY_SCREEN_NAMESPACES, 'reports', manifest.namespace] });

// OE-10 … OE-14 reports.
export const CustomerPriceList = reportScreen(customerPriceList, OE);
export const PriceTableDueForReview = reportScreen(priceTablesDue, OE);
export const ProductsPriceList = reportScreen(productsPriceList, OE);
export const PriceOverrideAudit = reportScreen(priceOverrideAudit, OE);
export const SafetyPriceAudit = reportScreen(safetyPriceAudit, OE);

// OE-15 … OE-18 setup, PT-01 and PT-02 (POLO).
export const HolidayMaintenance = entityScreen('holiday', OE);
export const Routes = entityScreen('delivery-route', OE);
export const EmailTemplate = entityScreen('email-template', OE);
export const PortalNotifications = entityScreen('portal-notification', OE);
export const Supplier = entityScreen('supplier', OE);
export const FormOfPayment = entityScreen('form-of-payment', OE);
