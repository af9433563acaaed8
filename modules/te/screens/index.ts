/**
 * Trades and contracting screens (issue 28; SCREENS.md WP9 9a): parcel configs bundled into `@erp/trades`
 * (module.json `app`). Export names are the route catalog's Components. The 9b screens — work codes, model labour
 * budget, work orders, service work orders, time cards, generate work orders, job costing, labour budget, time
 * sheet and employee workday reports — are Payroll's (they need its employees), re-exported by `@erp/trades`
 * through modules/pr/module.json `alsoIn`.
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, entityScreen, processScreen, reportScreen } from '@erp/records';
import manifest from '../module.json';
import { teModule } from '../definitions/index.ts';
import { changeModelPrices, contractBillingAnalysis, copyModel, extraBilling, inspectionRequests, lotListing, lotsReady, siteAttachments } from '../definitions/reports.ts';

registerModule(teModule);

/** Every Trades screen: its micro-app, with its strings and Receivables' (the parties' refusals). */
const TE = { module: `@erp/${manifest.app}`, namespaces: [manifest.namespace, 'ar'] } as const;
const DOCUMENT = { ...TE, attachments: true } as const;

// TE-01 … TE-11 masters; TE-03 lots and models is the lot screen under its own title.
export const JobSite = entityScreen('job-site', TE);
export const SiteBuilding = entityScreen('site-building', TE);
export const BuildingSchedule = entityScreen('building-schedule', TE);
export const ModelMaintenance = documentScreen('te-model', TE);
export const ContractPricesByModel = entityScreen('model-contract-price', TE);
export const OptionMaintenance = entityScreen('te-option', TE);
export const SiteOption = entityScreen('site-option', TE);
export const LotOption = entityScreen('lot-option', TE);
export const LotMaintenance = entityScreen('te-lot', TE);
export const LotsModels = entityScreen('te-lot', { ...TE, routeProps: () => ({ view: 'models' }), titleKey: 'te:te-lot.lotsModelsTitle' });
export const InspectorMaintenance = entityScreen('inspector', TE);

// TE-17 lot inspection request (and its highrise variant), TE-18 lot inspection (the results of the scheduled ones).
export const LotInspectionRequest = documentScreen('inspection-request', DOCUMENT);
export const LotInspectionRequestHighrise = documentScreen('inspection-request', { ...DOCUMENT, routeProps: { variant: 'highrise' } });
export const LotInspection = documentScreen('inspection-request', { ...DOCUMENT, routeProps: { variant: 'results' } });

// TE-19, TE-20, TE-21 (and residential), TE-23 billing.
export const ContractBillingInvoice = documentScreen('contract-billing', TE);
export const OptionBillingInvoice = documentScreen('option-billing', TE);
export const ProgressBilling = documentScreen('progress-billing', DOCUMENT);
export const HoldbackBilling = documentScreen('holdback-billing', DOCUMENT);
export const HoldbackBillingResidential = documentScreen('holdback-billing', { ...DOCUMENT, routeProps: { kind: 'Residential' } });

// TE-14, TE-15 processes.
export const CopyModel = processScreen(copyModel, TE);
export const ChangeModelPrices = processScreen(changeModelPrices, TE);

// TE-27 … TE-31, TE-35 reports (TE sales register: the sales orders' register, module so).
export const InspectionRequestReport = reportScreen(inspectionRequests, TE);
export const ExtraBillingAnalysis = reportScreen(extraBilling, TE);
export const ContractBillingAnalysis = reportScreen(contractBillingAnalysis, TE);
export const SiteAttachmentList = reportScreen(siteAttachments, TE);
export const LotListingReport = reportScreen(lotListing, TE);
export const LotReadyForInspections = reportScreen(lotsReady, TE);
