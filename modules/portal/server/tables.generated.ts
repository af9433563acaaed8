// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Kysely, Transaction } from 'kysely';
import type { DB } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { GlTables } from '@erp/modules/gl/server/tables.generated';
import type { ArTables } from '@erp/modules/ar/server/tables.generated';
import type { IcTables } from '@erp/modules/ic/server/tables.generated';
import type { PoTables } from '@erp/modules/po/server/tables.generated';
import type { ApTables } from '@erp/modules/ap/server/tables.generated';
import type { OeTables } from '@erp/modules/oe/server/tables.generated';
import type { SoTables } from '@erp/modules/so/server/tables.generated';
import type { MigrationTables } from './migration-tables.ts';

export type PortalTables = Record<never, never> & MigrationTables;

/** What module portal's queries may name: the core's tables, its own and those of the modules it requires. */
export type PortalDatabase = DB & PortalTables & ShellTables & GlTables & ArTables & IcTables & PoTables & ApTables & OeTables & SoTables;

/**
 * Module portal's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function portalDb<D>(db: Transaction<D>): Transaction<PortalDatabase>;
export function portalDb<D>(db: Kysely<D>): Kysely<PortalDatabase>;
export function portalDb<D>(db: Kysely<D>): Kysely<PortalDatabase> {
  return db as unknown as Kysely<PortalDatabase>;
}
