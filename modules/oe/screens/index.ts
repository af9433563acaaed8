/**
 * Order Entry's screens (issue 25; SCREENS.md WP7 7a): parcel configs bundled into `@erp/order-entry`
 * (module.json `app`; POLO's menus name the same micro-app), re-exported by Waste Disposal and legacy NOVUS
 * where their menus list them (module.json `alsoIn`). Export names are the route catalog's Components.
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, entityScreen } from '@erp/records';
import manifest from '../module.json';
import { oeModule } from '../definitions/index.ts';

registerModule(oeModule);

const OE = { module: `@erp/${manifest.app}`, namespaces: [manifest.namespace] } as const;

// OE-01 … OE-04 pricing masters.
export const PriceTable = documentScreen('price-table', OE);
export const DiscountTable = documentScreen('discount-table', OE);
export const CustomerSKUs = entityScreen('customer-sku', OE);
export const TariffTable = entityScreen('tariff', OE);

// OE-15 … OE-18 setup, PT-01 and PT-02 (POLO).
export const HolidayMaintenance = entityScreen('holiday', OE);
export const Routes = entityScreen('delivery-route', OE);
export const EmailTemplate = entityScreen('email-template', OE);
export const PortalNotifications = entityScreen('portal-notification', OE);
export const Supplier = entityScreen('supplier', OE);
export const FormOfPayment = entityScreen('form-of-payment', OE);
