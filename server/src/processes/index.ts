/**
 * Processes on the server (issue 12 "Process screens"): every module's processes in the registry, and the
 * process routes (routes.ts). Adding a module's processes = one line in MODULE_PROCESSES.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection.ts';
import { postDraftEntriesProcess } from '../modules/gl/reports/post-drafts.ts';
import { fxRevaluationProcess } from '../modules/gl/fx-revaluation/index.ts';
import { yearEndProcess } from '../modules/gl/year-end/index.ts';
import { AR_SERVER_PROCESSES } from '../modules/ar/reports/index.ts';
import { IC_SERVER_PROCESSES } from '../modules/ic/reports/index.ts';
import { registerProcesses, type ServerProcess } from './engine.ts';
import { registerProcessRoutes } from './routes.ts';

const MODULE_PROCESSES: readonly (readonly ServerProcess[])[] = [
  [postDraftEntriesProcess],
  [fxRevaluationProcess],
  [yearEndProcess],
  AR_SERVER_PROCESSES,
  IC_SERVER_PROCESSES,
];

export function registerProcessing(app: FastifyInstance, deps: { database: Database }): void {
  for (const processes of MODULE_PROCESSES) registerProcesses(processes);
  registerProcessRoutes(app, deps);
}
