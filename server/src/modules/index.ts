/**
 * The business modules the server serves (issue 12 "One place per screen"). Each module keeps its
 * definitions in `shared/src/modules/<module>/`, its server rules (entity hooks) and demo data here in
 * `server/src/modules/<module>/`, its strings in `locales/<lng>/<module>.json`.
 *
 * `registerServerModules()` (called by buildApp before the entity tables are synced) adds every module's
 * definitions to the shared registry and its hooks to the server's; the generic routes then serve them
 * like the shell's own entities. Adding a module = one line in SERVER_MODULES.
 */
import { registerModule, type ModuleDefinition } from '@erp/shared/entities/index';
import { glModule } from '@erp/shared/modules/gl/index';
import type { EntityHooks } from '../entities/hooks.ts';
import { registerEntityHooks } from '../entities/registry.ts';
import { glLedgerHooks } from './gl/ledger.ts';
import { glHooks } from './gl/rules.ts';

export interface ServerModule {
  definitions: ModuleDefinition;
  hooks: Readonly<Record<string, EntityHooks>>;
}

export const SERVER_MODULES: readonly ServerModule[] = [{ definitions: glModule, hooks: { ...glHooks, ...glLedgerHooks } }];

/** Registers every module (idempotent: tests build many apps in one process). */
export function registerServerModules(): void {
  for (const module of SERVER_MODULES) {
    registerModule(module.definitions);
    registerEntityHooks(module.hooks);
  }
}
