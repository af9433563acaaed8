/**
 * One part of a business module on the server (a module is split in parts so that each part's rules and demo
 * data live beside its definitions, e.g. server/src/modules/ar/receipts/). `combineParts` makes the module's
 * `ServerModule` from its parts: their hooks merged (an entity belongs to one part) and their seeds run in order.
 */
import type { Kysely } from 'kysely';
import type { ModuleDefinition } from '@erp/shared/entities/index';
import type { ServerConfig } from '../config.ts';
import type { EntityHooks } from '../entities/hooks.ts';

export type SeedConfig = Pick<ServerConfig, 'demoLedger'>;

export interface ModulePart {
  hooks: Readonly<Record<string, EntityHooks>>;
  /** Demo data, run at every start after the entity tables are synced; fills only what is empty. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  seed?(db: Kysely<any>, config: SeedConfig): Promise<void>;
}

export interface ServerModule extends ModulePart {
  definitions: ModuleDefinition;
}

export function combineParts(definitions: ModuleDefinition, parts: readonly ModulePart[]): ServerModule {
  const hooks: Record<string, EntityHooks> = {};
  for (const part of parts) {
    for (const [entity, entityHooks] of Object.entries(part.hooks)) {
      if (hooks[entity]) throw new Error(`hooks of ${entity} are defined by two parts of module ${definitions.name}`);
      hooks[entity] = entityHooks;
    }
  }
  return {
    definitions,
    hooks,
    async seed(db, config) {
      for (const part of parts) await part.seed?.(db, config);
    },
  };
}
