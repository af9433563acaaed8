/**
 * Database migrations, kept in code (Kysely `Migrator` with an in-code provider) so that the same list
 * runs on SQLite and PostgreSQL and ships with the server. Append new migrations; never edit one that
 * has shipped. A module's own migrations live in its folder (`serverModule.migrations`); names sort into one order.
 * `migrate(db, migrations)` is idempotent: already-applied migrations are skipped.
 *
 * Issue 73 item 4: the db layer imports no module. The caller (the app's start, a test, a script) loads the modules
 * and hands their migrations and the ground floor's entities to `allMigrations` (modules/index.ts `serverMigrations`);
 * a dependency rule (`db-imports-no-module`, .dependency-cruiser.cjs) keeps it so.
 *
 * The only engine difference is how an auto-increment key is spelled (`serial` vs
 * `integer primary key autoincrement`); `autoKey` hides it.
 */
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { AnyEntity } from '@erp/shared/entities/define';
import { syncEntityTables } from '../entities/schema-sync.ts';
import { m0013_document_numbers } from './m0013-document-numbers.ts';
import { m0013_dpop_replay } from '../auth/m0013-dpop-replay.ts';
import { m0039_exactly_once } from '../exactly-once/m0039-exactly-once.ts';
import { m0042_event_tickets, m0070_event_ticket_session, m0074_event_ticket_indexes } from '../events/m0042-event-tickets.ts';
import { m0046_search, m0073_search_fields, m0086_search_number_digits } from '../search/index-sync.ts';
import { m0047_instances } from '../instances/m0047-instances.ts';
import type { MigrationDb } from './migration-db.ts';

function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-increment integer primary key named `name`. */
function autoKey<T extends string>(db: MigrationDb, table: CreateTableBuilder<T, never>, name: string) {
  return isPostgres(db)
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** §3 record trail columns. */
function trail<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_on', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}

const m0001_core: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .createTable('users')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('landing_page', 'text')
      .addColumn('show_menus', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
      .addColumn('css_files', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('environment_label', 'text')
      .addColumn('environment', 'text')
      .addColumn('default_ship_to_id', 'text')
      .addColumn('language', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
      .$call(trail)
      .execute();

    await db.schema
      .createTable('roles')
      .addColumn('role_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('all_applications', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .$call(trail)
      .execute();

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('role_id', 'text', (c) => c.notNull().references('roles.role_id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
      .execute();

    await db.schema
      .createTable('applications')
      .addColumn('application', 'text', (c) => c.primaryKey())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('router_path', 'text', (c) => c.notNull())
      .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
      .$call(trail)
      .execute();

    await db.schema
      .createTable('menus')
      .$call((t) => autoKey(db, t, 'menu_key'))
      .addColumn('application', 'text', (c) => c.notNull().references('applications.application').onDelete('cascade'))
      .addColumn('menu_id', 'text', (c) => c.notNull())
      .addColumn('menu_name', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('ROOT'))
      .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
      .addColumn('router_path', 'text', (c) => c.notNull())
      .$call(trail)
      .addUniqueConstraint('menus_application_menu_id_uq', ['application', 'menu_id'])
      .execute();

    await db.schema
      .createTable('role_applications')
      .addColumn('role_id', 'text', (c) => c.notNull().references('roles.role_id').onDelete('cascade'))
      .addColumn('application', 'text', (c) =>
        c.notNull().references('applications.application').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('role_applications_pk', ['role_id', 'application'])
      .execute();

    await db.schema
      .createTable('routes')
      .$call((t) => autoKey(db, t, 'route_key'))
      .addColumn('path', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('component', 'text', (c) => c.notNull())
      .addColumn('props', 'text')
      .addColumn('meta', 'text')
      .$call(trail)
      .execute();

    await db.schema
      .createTable('languages')
      .$call((t) => autoKey(db, t, 'language_key'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('language_code', 'text', (c) => c.notNull())
      .addColumn('country_code', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('locale_identifier', 'text', (c) => c.notNull().unique())
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
      .$call(trail)
      .execute();

    await db.schema
      .createTable('firms')
      .addColumn('firm_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
      .addColumn('is_bill_to', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .addColumn('is_ship_to', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .addColumn('is_vendor', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .addColumn('for_external_users', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .addColumn('is_sales_manager', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
      .$call(trail)
      .execute();

    await db.schema
      .createTable('user_securables')
      .$call((t) => autoKey(db, t, 'securable_key'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('identifier', 'text', (c) => c.notNull())
      .$call(trail)
      .addUniqueConstraint('user_securables_user_identifier_uq', ['user_id', 'identifier'])
      .execute();

    await db.schema
      .createTable('audit_log')
      .$call((t) => autoKey(db, t, 'audit_key'))
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('id_name', 'text', (c) => c.notNull())
      .addColumn('id_value', 'text', (c) => c.notNull())
      .addColumn('column_name', 'text', (c) => c.notNull())
      .addColumn('old_value', 'text')
      .addColumn('new_value', 'text')
      .addColumn('action_by', 'text', (c) => c.notNull())
      .addColumn('action_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_record_ix').on('audit_log').columns(['table_name', 'id_value']).execute();

    await db.schema
      .createTable('oidc_payloads')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('consumed_at', 'text')
      .addPrimaryKeyConstraint('oidc_payloads_pk', ['kind', 'id'])
      .execute();
    await db.schema.createIndex('oidc_payloads_grant_ix').on('oidc_payloads').column('grant_id').execute();
    await db.schema.createIndex('oidc_payloads_uid_ix').on('oidc_payloads').column('uid').execute();
    await db.schema.createIndex('oidc_payloads_user_code_ix').on('oidc_payloads').column('user_code').execute();
    await db.schema.createIndex('oidc_payloads_expires_ix').on('oidc_payloads').column('expires_at').execute();

    await db.schema
      .createTable('oidc_keys')
      .addColumn('key_id', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('material', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
  },
};

/**
 * Databases seeded before the frame routes existed: the steel screen and three legacy NOVUS screens
 * become frames (the "Frames" notes of modules/shell and modules/so server/catalog.ts). Only rows still exactly as the old seed wrote them are
 * changed, so an administrator's edits are kept; a new database has no rows yet and the seed writes
 * the new ones. The values are spelled out: a migration must not follow later catalog changes.
 */
const m0002_frame_routes: Migration = {
  async up(db: MigrationDb) {
    const now = new Date().toISOString();
    const changes = [
      { path: '/resteel-oe/resteel', from: '@erp/steel#Resteel', to: '@erp/frames#SteelFrame', props: null },
      { path: '/novus/sales-order-entry', from: '@erp/legacy#SalesOrderEntry', to: '@erp/frames#Frame', props: '{"src":"/novus/index.html#/sales-order-entry"}' },
      { path: '/novus/load-sheet', from: '@erp/legacy#LoadSheet', to: '@erp/frames#Frame', props: '{"src":"/novus/index.html#/load-sheet"}' },
      { path: '/novus/order-summary', from: '@erp/legacy#OrderSummary', to: '@erp/frames#Frame', props: '{"src":"/novus/index.html#/order-summary"}' },
    ];
    for (const change of changes) {
      await db
        .updateTable('routes')
        .set({
          component: change.to,
          props: change.props,
          updated_by: 'migration',
          updated_on: now,
          version: sql`version + 1`,
        })
        .where('path', '=', change.path)
        .where('component', '=', change.from)
        .where('props', 'is', null)
        .execute();
    }
  },
};

/**
 * Screens as data (server/src/entities): the entity tables from the registry of definitions
 * (schema-sync.ts: countries … form_widget_security, the new columns of firms and users, firm contacts,
 * user ↔ customer assignments), plus:
 * - audit_log gets `action` (insert | update | delete; older rows were updates) and the record a row
 *   belongs to (`root_table`, `root_id`: a firm contact's rows show on the firm);
 * - menu_access (§6, menu-level) takes over from role_applications: its rows are copied over, and
 *   role_applications is no longer read or written;
 * - attachments (§5: the bytes in the database), firm_accounts (one per firm type) filled from the firm
 *   type flags, user_preferences (list columns chosen per user).
 * The definitions are read as they are when this runs; later additions reach old databases through the
 * same additive sync at start-up (app.ts).
 */
const m0003_entities = (groundEntities: readonly AnyEntity[]): Migration => ({
  async up(db: MigrationDb) {
    const now = new Date().toISOString();
    await db.schema.alterTable('audit_log').addColumn('action', 'text', (c) => c.notNull().defaultTo('update')).execute();
    await db.schema.alterTable('audit_log').addColumn('root_table', 'text').execute();
    await db.schema.alterTable('audit_log').addColumn('root_id', 'text').execute();
    await db.schema.createIndex('audit_log_root_ix').on('audit_log').columns(['root_table', 'root_id']).execute();

    await syncEntityTables(db, groundEntities);

    const grants = await db.selectFrom('role_applications').select(['role_id', 'application']).execute();
    for (const grant of grants) {
      await db
        .insertInto('menu_access')
        .values({
          role_id: grant.role_id,
          application: grant.application,
          menu_id: null,
          created_by: 'migration',
          created_on: now,
          updated_by: 'migration',
          updated_on: now,
          version: 1,
        })
        .execute();
    }

    await db.schema
      .createTable('attachments')
      .$call((t) => autoKey(db, t, 'attachment_key'))
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('record_id', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
      .$call(trail)
      .execute();
    await db.schema
      .createIndex('attachments_record_name_uq')
      .unique()
      .on('attachments')
      .columns(['entity', 'record_id', 'file_name'])
      .execute();

    await db.schema
      .createTable('firm_accounts')
      .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.firm_id').onDelete('cascade'))
      .addColumn('account_type', 'text', (c) => c.notNull())
      .$call(trail)
      .addPrimaryKeyConstraint('firm_accounts_pk', ['firm_id', 'account_type'])
      .execute();
    const firms = await db.selectFrom('firms').select(['firm_id', 'is_bill_to', 'is_ship_to', 'is_vendor']).execute();
    for (const firm of firms) {
      const types = [
        ['bill-to', firm.is_bill_to],
        ['ship-to', firm.is_ship_to],
        ['vendor', firm.is_vendor],
      ].filter(([, on]) => on === true || on === 1);
      for (const [type] of types) {
        await db
          .insertInto('firm_accounts')
          .values({ firm_id: firm.firm_id, account_type: type, created_by: 'migration', created_on: now, updated_by: 'migration', updated_on: now, version: 1 })
          .execute();
      }
    }

    await db.schema
      .createTable('user_preferences')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('updated_on', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_preferences_pk', ['user_id', 'entity'])
      .execute();
  },
});

/** The core's migrations, in order. The names sort in the order they must run. */
function coreMigrations(groundEntities: readonly AnyEntity[]): Record<string, Migration> {
  return {
    '0001_core': m0001_core,
    '0002_frame_routes': m0002_frame_routes,
    '0003_entities': m0003_entities(groundEntities),
    '0013_document_numbers': m0013_document_numbers,
    '0013_dpop_replay': m0013_dpop_replay,
    '0039_exactly_once': m0039_exactly_once,
    '0042_event_tickets': m0042_event_tickets,
    '0046_search': m0046_search,
    '0047_instances': m0047_instances,
    '0070_event_ticket_session': m0070_event_ticket_session,
    '0073_search_fields': m0073_search_fields,
    '0074_event_ticket_indexes': m0074_event_ticket_indexes,
    '0086_search_number_digits': m0086_search_number_digits,
  };
}

/** Every migration by name; the migrator sorts them. */
export type Migrations = Readonly<Record<string, Migration>>;

/** What the caller hands over after loading the modules: the db layer names none of them. */
export interface MigrationSources {
  /** The ground floor's entities (the shell module's, which every module requires): 0003 creates their tables. */
  groundEntities: readonly AnyEntity[];
  /** Each module's own migrations (`serverModule.migrations`), by module name for the message on a clash. */
  modules: readonly { name: string; migrations?: Migrations | undefined }[];
}

/** The core's migrations and every module's; a name used twice is refused. */
export function allMigrations(sources: MigrationSources): Migrations {
  const all = coreMigrations(sources.groundEntities);
  for (const module of sources.modules) {
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      if (all[name]) throw new Error(`migration ${name} of module ${module.name} is named twice`);
      all[name] = migration;
    }
  }
  return all;
}

/** Brings the database to the latest of `migrations` (`allMigrations`); returns the names applied by this call. */
export async function migrate<D>(db: Kysely<D>, migrations: Migrations): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve({ ...migrations }) };
  // Unordered: a migration missing from the record (a test re-running an old one) may still run.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
