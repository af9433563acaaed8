/**
 * Migration 0048 (issue 41): the tab host no longer knows menu RESTEEL0002; its route's Meta says the menu opens
 * in the window resteelWin (§2; catalog.ts `RESTEEL_WINDOW`). A database seeded before gets the window added to
 * that route — only where the Meta is still as the old seed wrote it, so an administrator's edit is kept; a new
 * database has no routes yet and the seed writes the new Meta. The values are spelled out: a migration must not
 * follow later catalog changes.
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

const PATH = '/resteel-oe/resteel';
const OLD_META = '{"title":"ReSteel Order Entry"}';
const NEW_META = '{"title":"ReSteel Order Entry","window":{"name":"resteelWin"}}';

export const m0048_menu_windows: Migration = {
  async up(db: MigrationDb) {
    await db
      .updateTable('routes')
      .set({ meta: NEW_META, updated_by: 'migration', updated_on: new Date().toISOString(), version: sql`version + 1` })
      .where('path', '=', PATH)
      .where('name', '=', 'RESTEEL0002')
      .where('meta', '=', OLD_META)
      .execute();
  },
};
