/**
 * Payroll's screens (issue 29): parcel configs bundled into `@erp/payroll` (module.json `app`); export names
 * are the route catalog's Components (server/src/seed/catalog.ts, NOVUS-PR). Loading them registers the
 * payroll definitions.
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, entityScreen, processScreen, reportScreen } from '@erp/records';
import { screen } from '@erp/ui';
import manifest from '../module.json';
import { prModule } from '../definitions/index.ts';
import * as reports from '../definitions/reports.ts';
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
export const Roe = reportScreen(reports.roeReport, PR);
