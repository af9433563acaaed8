/**
 * Processes on the server (issue 12 "Process screens"): every module's processes (its
 * `serverModule.processes`) in the registry, and the process routes (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection.ts';
import { serverModules } from '../modules/index.ts';
import { registerProcesses } from './engine.ts';
import { registerProcessRoutes } from './routes.ts';

export function registerProcessing(app: FastifyInstance, deps: { database: Database }): void {
  for (const module of serverModules()) registerProcesses(module.processes ?? []);
  registerProcessRoutes(app, deps);
}
