/**
 * Reporting on the server (issue 12 "Reports as data"): every module's reports (its `serverModule.reports`)
 * in the engine's registry, and the report routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ReadDatabase } from '../db/read-database.ts';
import type { Database } from '../db/connection.ts';
import { serverModules } from '../modules/index.ts';
import { registerReports } from './engine.ts';
import { registerReportRoutes } from './routes.ts';

export function registerReporting(app: FastifyInstance, deps: { database: Database; reads?: ReadDatabase }): void {
  for (const module of serverModules()) registerReports(module.reports ?? []);
  registerReportRoutes(app, deps);
}
