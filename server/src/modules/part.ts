/**
 * What a business module gives the server (issue 20): `modules/<name>/server/index.ts` exports
 * `serverModule: ServerModule`, and every registry reads it through `loadServerModules()` (./index.ts):
 *
 * - `definitions` — the module's browser-safe `ModuleDefinition` (entities) for the one entity registry;
 * - `hooks` — entity hooks by entity name (rules, document actions, virtual reads);
 * - `reports`, `processes` — the server halves of its report and process definitions;
 * - `routes` — its own API calls beyond the generic entity, report and process routes;
 * - `migrations` — its schema changes by migration name (names sort into one order with the core's);
 * - `seed` — demo data, run at every start after the tables are synced; fills only what is empty;
 * - `large` — its part of the large-data generator (`npm run seed:large -- <option> [count]`, seed/large.ts);
 * - `catalog` — its applications, §2 menus, menu-less routes and their names' translations (./catalog.ts), read by
 *   the seed's route catalog (seed/catalog.ts) in module order;
 * - `searchAudience` — users outside staff (the portal's customers) who find only their own accounts' records.
 *
 * A module is split in parts so that each part's rules and demo data live beside its definitions
 * (e.g. modules/ar/server/receipts/); `combineParts` makes the module's hooks and seed from its parts.
 */
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely/migration';
import type { ModuleDefinition } from '@erp/shared/entities/index';
import type { ModuleCatalog } from './catalog.ts';
import type { DatabaseConfig, ServerConfig } from '../config.ts';
import type { SeedDb } from '../db/migration-db.ts';
import type { DB } from '../db/schema.ts';
import type { Kysely } from 'kysely';
import type { AuthenticatedUser } from '../auth/user.ts';
import type { EntityHooks } from '../entities/hooks.ts';
import type { EntityRouteDeps } from '../entities/special-routes.ts';
import type { ServerProcess } from '../processes/engine.ts';
import type { ServerReport } from '../reports/engine.ts';

/** What demo data reads of the configuration (the start passes it all; a test may seed one module with less). */
export type SeedConfig = Pick<ServerConfig, 'demoLedger'> & Partial<Pick<ServerConfig, 'demoFirms'>>;

/**
 * What a module's own routes get from the entity routes: `database`, `contextOf` (the entity context of a
 * request for entity `name`, or null after the route answered 404 / 403) and `contextFor` (the same for the
 * `:entity` / `:id` record of the request).
 */
export type ModuleRouteDeps = EntityRouteDeps;

export interface ModulePart {
  hooks: Readonly<Record<string, EntityHooks>>;
  /**
   * Demo data, run at every start after the entity tables are synced; fills only what is empty. It fills tables by
   * name (`SeedDb`, db/migration-db.ts); a seed wanting its module's types takes the module's view (`<m>Db(db)`).
   */
  seed?(db: SeedDb, config: SeedConfig): Promise<void>;
}

/** A module's part of `npm run seed:large`: bulk data for benchmarks and for feeling a distributor's size. */
export interface LargeSeed {
  /** The command-line option, e.g. `--ar`; followed by a count when `counts` is given. */
  option: string;
  /** What the count counts, for messages (e.g. `AR items`); absent: the option takes no count. */
  counts?: string;
  /** The largest count accepted. */
  max?: number;
  /** What a progress figure counts, e.g. `stock ledger rows`. */
  progress: string;
  /** The key of its summary in the command's JSON line. */
  summary: string;
  /** Writes the data through its own connection (the app is closed by then) and returns its summary; imports its
   *  generator when called, so that a server start does not load it. */
  run(database: DatabaseConfig, count: number | undefined, onProgress: (written: number) => void): Promise<unknown>;
}

/**
 * Users outside staff who find only the records naming one of their own accounts (issue 42: a portal customer
 * sees only their accounts' documents). An entity opts in with `globalSearch.portal` (the account field and the
 * screen opening its records); the module owning those users says who they are and which accounts are theirs —
 * the same rule its own routes apply.
 */
export interface SearchAudience {
  /** The application their hits open in (the palette shows its name). */
  application: string;
  /** Whether `user` is one of them (and searches as one, not as staff). */
  member(user: AuthenticatedUser): boolean;
  /** The account (firm) ids whose records they may find; none: they find nothing. */
  accounts(db: Kysely<DB>, user: AuthenticatedUser): Promise<readonly string[]>;
}

export interface ServerModule extends ModulePart {
  definitions: ModuleDefinition;
  reports?: readonly ServerReport[];
  processes?: readonly ServerProcess[];
  routes?(app: FastifyInstance, deps: ModuleRouteDeps): Promise<void>;
  migrations?: Readonly<Record<string, Migration>>;
  /** Its `seed:large` parts, each asked for by its own option (payroll: `--pr` employees, `--labour` time cards). */
  large?: LargeSeed | readonly LargeSeed[];
  /** The applications whose screens it owns, with their menus (`modules/<m>/server/catalog.ts`). */
  catalog?: ModuleCatalog;
  /** Its users outside staff, for the global search (search/search.ts): what they may find is theirs alone. */
  searchAudience?: SearchAudience;
  /**
   * Demo data that needs every module's demo first (the books settled: taxes and source deductions remitted on
   * what all modules posted); run after every module's `seed`, in module order. Fills only what is empty.
   */
  seedAfter?(db: SeedDb, config: SeedConfig): Promise<void>;
}

/** The module's hooks and seed from its parts (an entity's hooks belong to one part). */
export function combineParts(definitions: ModuleDefinition, parts: readonly ModulePart[], rest: Omit<ServerModule, keyof ModulePart | 'definitions'> = {}): ServerModule {
  const hooks: Record<string, EntityHooks> = {};
  for (const part of parts) {
    for (const [entity, entityHooks] of Object.entries(part.hooks)) {
      if (hooks[entity]) throw new Error(`hooks of ${entity} are defined by two parts of module ${definitions.name}`);
      hooks[entity] = entityHooks;
    }
  }
  return {
    ...rest,
    definitions,
    hooks,
    async seed(db, config) {
      for (const part of parts) await part.seed?.(db, config);
    },
  };
}
