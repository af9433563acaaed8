/**
 * Reporting on the server (issue 12 "Reports as data"): every module's reports in the engine's registry,
 * and the report routes (routes.ts). Adding a module's reports = one line in MODULE_REPORTS.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection.ts';
import { GL_SERVER_REPORTS } from '../modules/gl/reports/index.ts';
import { AR_SERVER_REPORTS } from '../modules/ar/reports/index.ts';
import { IC_SERVER_REPORTS } from '../modules/ic/reports/index.ts';
import { registerReports, type ServerReport } from './engine.ts';
import { registerReportRoutes } from './routes.ts';

const MODULE_REPORTS: readonly (readonly ServerReport[])[] = [GL_SERVER_REPORTS, AR_SERVER_REPORTS, IC_SERVER_REPORTS];

export function registerReporting(app: FastifyInstance, deps: { database: Database }): void {
  for (const reports of MODULE_REPORTS) registerReports(reports);
  registerReportRoutes(app, deps);
}
