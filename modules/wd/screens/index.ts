/**
 * Waste Disposal's screens (issue 27; SCREENS.md WD-01 … WD-12): parcel configs bundled into `@erp/waste`
 * (module.json `app`); the service order entry is also Receivables' `/wd-order-entry` (module.json `alsoIn`).
 * Export names are the route catalog's Components. Invoice publishing (OE-29) is the order desk's screen, re-exported
 * here by the sales orders' module (its `alsoIn`); it publishes these orders' invoices too (server/publishing.ts).
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, entityScreen, processScreen, reportScreen } from '@erp/records';
import manifest from '../module.json';
import { wdModule } from '../definitions/index.ts';
import { certificatesDue, completedServices, invoiceProcessing, scheduling, serializeWorkLoad, workOrderPrint } from '../definitions/reports.ts';

registerModule(wdModule);

/** Every Waste Disposal screen: its micro-app, with its strings and Receivables' (the parties' refusals). */
const WD = { module: `@erp/${manifest.app}`, namespaces: [manifest.namespace, 'ar'] } as const;

// WD-01 … WD-04 masters.
export const Service = entityScreen('wd-service', WD);
export const ControlRecord = entityScreen('wd-control', WD);
export const WasteClass = entityScreen('waste-class', WD);
export const QuotationTemplate = documentScreen('quotation-template', WD);

// WD-05 quotes, WD-06 service orders (Waste Disposal's order entry; Receivables' WD order entry).
export const QuotedJobs = documentScreen('wd-quote', WD);
export const OrderEntry = documentScreen('wd-order', WD);
export const WdOrderEntry = OrderEntry;

// WD-07 scheduling, WD-08 serialize work load, WD-09 work orders, WD-10 invoice processing; WD-11, WD-12 reports.
export const Scheduling = processScreen(scheduling, WD);
export const SerializeWorkLoad = processScreen(serializeWorkLoad, WD);
export const WorkOrderPrint = reportScreen(workOrderPrint, WD);
export const InvoiceProcessing = processScreen(invoiceProcessing, WD);
export const CompletedServicesReport = reportScreen(completedServices, WD);
export const CertificatesDueForRenewal = reportScreen(certificatesDue, WD);
