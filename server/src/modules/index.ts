/**
 * The business modules the server serves (issue 12 "One place per screen"). Each module keeps its
 * definitions in `shared/src/modules/<module>/`, its server rules (entity hooks) and demo data here in
 * `server/src/modules/<module>/`, its strings in `locales/<lng>/<module>.json`.
 *
 * `registerServerModules()` (called by buildApp before the entity tables are synced) adds every module's
 * definitions to the shared registry and its hooks to the server's; the generic routes then serve them
 * like the shell's own entities; `seedServerModules()` then fills their demo data. Adding a module = one line
 * in SERVER_MODULES.
 */
import type { Kysely } from 'kysely';
import { registerModule } from '@erp/shared/entities/index';
import { glModule } from '@erp/shared/modules/gl/index';
import type { ServerConfig } from '../config.ts';
import { registerEntityHooks } from '../entities/registry.ts';
import { glLedgerHooks } from './gl/ledger.ts';
import { financialStatementHooks } from './gl/financial-statements/rules.ts';
import { glHooks } from './gl/rules.ts';
import { seedGl } from './gl/seed-ledger.ts';
import { arServerModule } from './ar/index.ts';
import type { ServerModule } from './part.ts';
import { icServerModule } from './ic/index.ts';

export type { ServerModule } from './part.ts';

export const SERVER_MODULES: readonly ServerModule[] = [
  { definitions: glModule, hooks: { ...glHooks, ...glLedgerHooks, ...financialStatementHooks }, seed: seedGl },
  arServerModule,
  icServerModule,
];

/** Runs every module's demo data, in module order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function seedServerModules(db: Kysely<any>, config: Pick<ServerConfig, 'demoLedger'>): Promise<void> {
  for (const module of SERVER_MODULES) await module.seed?.(db, config);
}

/** Registers every module (idempotent: tests build many apps in one process). */
export function registerServerModules(): void {
  for (const module of SERVER_MODULES) {
    registerModule(module.definitions);
    registerEntityHooks(module.hooks);
  }
}
