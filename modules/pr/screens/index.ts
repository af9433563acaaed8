/**
 * Payroll's screens (issue 29): parcel configs bundled into `@erp/payroll` (module.json `app`); export names
 * are the route catalog's Components (../server/catalog.ts, NOVUS-PR). Loading them registers the
 * payroll definitions.
 *
 * The trades labour screens (issue 29 item 6, SCREENS.md 9b) are the Trades application's menus: re-exported by
 * `@erp/trades` (and Order Entry's jobs costing by `@erp/order-entry`) through module.json `alsoIn`.
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, entityScreen, processScreen, reportScreen } from '@erp/records';
import { screen } from '@erp/ui';
import manifest from '../module.json';
import { prModule } from '../definitions/index.ts';
import * as reports from '../definitions/reports.ts';
import * as labour from '../definitions/labour-reports.ts';
import { ChequePrinting as ChequePrintingScreen } from './ChequePrinting.tsx';

registerModule(prModule);

const MODULE = `@erp/${manifest.app}`;
// Payroll screens name G/L accounts and bank accounts (the GL strings) beside their own.
const PR = { module: MODULE, namespaces: [manifest.namespace, 'gl'] } as const;

// Masters: employees, unions and their levels, WSIB groups, payroll codes, statutory tables, the pay calendar.
export const EmployeeMaintenance = entityScreen('pr-employee', PR);
export const Union = entityScreen('pr-union', PR);
export const UnionLevel = entityScreen('pr-union-level', PR);
export const WsibGroup = entityScreen('pr-wsib-group', PR);
export const PayrollCodes = entityScreen('pr-code', PR);
export const ContributionMaintenance = entityScreen('pr-statutory-rate', PR);
export const TaxTables = entityScreen('pr-tax-bracket', PR);
export const JournalSchedule = entityScreen('pr-pay-period', PR);

// The pay run: transactions and adjustments, preparation, payment, posting; cheques (cancellation).
export const PayrollTransaction = documentScreen('pr-transaction', PR);
export const Adjustment = documentScreen('pr-transaction', { ...PR, routeProps: { kind: 'Adjustment' } });
export const ChequePreparation = processScreen(reports.chequePreparation, PR);
export const PaymentProcessing = processScreen(reports.paymentProcessing, PR);
export const JournalPosting = processScreen(reports.journalPosting, PR);
export const ChequeCancellation = documentScreen('pr-cheque', PR);
export const ChequePrinting = screen(ChequePrintingScreen, { module: MODULE, namespaces: ['records', 'forms', 'entities', 'errors', 'apps', 'gl', manifest.namespace] });
export const HourlyRateUpdate = processScreen(reports.hourlyRateUpdate, PR);
export const YearEnd = processScreen(reports.yearEnd, PR);

// Reports.
export const EmployeeInquiry = reportScreen(reports.employeeInquiry, PR);
export const YearToDateList = reportScreen(reports.yearToDateList, PR);
export const CompensationReport = reportScreen(reports.compensationReport, PR);
export const JournalPrinting = reportScreen(reports.journalPrinting, PR);
export const T4Report = reportScreen(reports.t4Report, PR);
export const T4Slips = reportScreen(reports.t4Slips, PR);
export const Rl1Report = reportScreen(reports.rl1Report, PR);
export const Rl1Slips = reportScreen(reports.rl1Slips, PR);
export const Roe = reportScreen(reports.roeReport, PR);
export const SourceDeductionsRemittance = reportScreen(reports.remittanceReport, PR);

// Trades labour (9b): TE-12, TE-13, TE-25, TE-26, TE-24, TE-16, TE-32 (and OE jobs costing), TE-33, TE-34, TE-36.
// Their strings are Payroll's, Trades' (lots, sites, the §8 not-found message) and the GL's.
const LABOUR = { module: MODULE, namespaces: [manifest.namespace, 'te', 'gl'] } as const;
export const WorkCode = entityScreen('work-code', LABOUR);
export const ModelLabourBudget = entityScreen('labour-budget', LABOUR);
export const WorkOrder = documentScreen('work-order', LABOUR);
export const ServiceWorkOrder = documentScreen('work-order', { ...LABOUR, routeProps: { kind: 'Service' } });
export const TimeCard = documentScreen('time-card', LABOUR);
export const GenerateWorkOrder = processScreen(labour.generateWorkOrders, LABOUR);
export const JobCosting = reportScreen(labour.jobCosting, LABOUR);
export const JobsCosting = JobCosting;
export const LabourBudgetReport = reportScreen(labour.labourBudgetReport, LABOUR);
export const TimeSheetReport = reportScreen(labour.timeSheetReport, LABOUR);
export const EmployeeWorkdayReport = reportScreen(labour.employeeWorkdayReport, LABOUR);
