/**
 * Issue 73 item 3: a module's queries and migrations name only its own tables, the core's and those of the modules
 * it requires (module.json `requires`, directly or through them) — reads included — and a table has one owner.
 * The checker (helpers/table-ownership.ts) is tried on fixtures first, so a broken parser cannot pass the
 * repository by seeing nothing; then the repository holds with no violation beyond the commented allow-list below.
 * A failure prints each as `module → table (owner) at file:line`.
 */
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { loadServerModules } from '../src/modules/index.ts';
import { CORE, describeViolation, entityTables, ownershipViolations, repositoryTables, tablesOfSource, type OwnershipViolation } from './helpers/table-ownership.ts';

/**
 * Violations left on purpose, each with why: a violation listed here and no longer found fails too, so the list
 * only shrinks.
 */
const ALLOWED: readonly { module: string; table: string; file: string; why: string }[] = [
  {
    module: 'oe',
    table: 'portal_notifications',
    file: 'modules/oe/definitions/setup/index.ts',
    why:
      'The admin side of the portal’s notifications (OE-18, entity portal-notification) is an Order Entry entity on the ' +
      'portal’s table: its screen lives in the order-entry micro-app, which registers only the definitions of the ' +
      'modules it bundles. Moving the entity to the portal means the portal contributing a staff screen to that app ' +
      '(issue 73 item 4’s contributions), not a table change; until then the entity engine writes the table for Order Entry.',
  },
];

const modules = [
  { name: 'shell', requires: [] },
  { name: 'oe', requires: ['shell'] },
  { name: 'so', requires: ['shell', 'oe'] },
  { name: 'portal', requires: ['shell', 'so'] },
];
const owners = new Map([
  ['firms', 'shell'],
  ['price_tables', 'oe'],
  ['sales_orders', 'so'],
  ['portal_orders', 'portal'],
  ['portal_accounts', 'portal'],
  ['audit_log', CORE],
]);
const check = (module: string, source: string) => ownershipViolations(modules, owners, [{ module, file: `modules/${module}/server/x.ts`, mentions: tablesOfSource('x.ts', source).mentions }]).map(describeViolation);

describe('the table-ownership checker', () => {
  it('sees the table of every Kysely call, join, schema change and raw SQL statement, and the line it is on', () => {
    const source = [
      "await db.selectFrom('sales_orders as o').innerJoin('firms as f', 'f.firm_id', 'o.bill_to_id').leftJoin('price_tables', 'a', 'b').selectAll().execute();",
      "await trx.insertInto('portal_orders').values({}).execute();",
      '// a comment naming selectFrom(\'not_a_table\') is not code',
      "await trx.updateTable('sales_orders').set({}).execute(); await trx.deleteFrom(`portal_accounts`).execute();",
      "await db.schema.createTable('new_things').addColumn('firm_id', 'text', (c) => c.references('firms.firm_id')).execute();",
      "await db.schema.alterTable('sales_orders').addColumn('x', 'text').execute(); await db.schema.createIndex('ix').on('price_tables').column('a').execute();",
      'await sql`update portal_orders set status = ${status} where order_key in (select order_key from sales_orders)`.execute(db);',
      "await sql.raw('delete from portal_accounts').execute(db); const t = sql.table('firms');",
      "const serial = (table: string) => db.schema.createTable(table); await serial('made_by_helper').execute();",
      "const dynamic = db.selectFrom(name); const derived = db.selectFrom(sub.as('t'));",
    ].join('\n');
    const { mentions, creates } = tablesOfSource('fixture.ts', source);
    expect(mentions.map(({ table, use, line }) => `${line} ${use} ${table}`)).toEqual([
      '1 read sales_orders',
      '1 read firms',
      '1 read price_tables',
      '2 write portal_orders',
      '4 write sales_orders',
      '4 write portal_accounts',
      '5 schema new_things',
      '5 read firms',
      '6 schema sales_orders',
      '6 schema price_tables',
      '7 write portal_orders',
      '7 read sales_orders',
      '8 write portal_accounts',
      '8 read firms',
      '9 schema made_by_helper',
    ]);
    expect(creates.map(({ table, line }) => `${line} ${table}`)).toEqual(['5 new_things', '9 made_by_helper']);
  });

  it('refuses a module naming a table of a module it does not require, reads included, and allows its own, required and core tables', () => {
    expect(check('so', "await trx.updateTable('portal_orders').set({ status }).execute();")).toEqual(['so → portal_orders (portal) at modules/so/server/x.ts:1']);
    expect(check('oe', "\nconst hold = await db.selectFrom('portal_accounts').select('on_hold').executeTakeFirst();")).toEqual(['oe → portal_accounts (portal) at modules/oe/server/x.ts:2']);
    expect(check('oe', "await db.schema.alterTable('portal_accounts').dropColumn('price_table').execute();")).toEqual(['oe → portal_accounts (portal) at modules/oe/server/x.ts:1']);
    expect(check('oe', 'await sql`select * from sales_orders`.execute(db);')).toEqual(['oe → sales_orders (so) at modules/oe/server/x.ts:1']);
    // Its own, through `requires` (portal → so → oe), the shell's, the core's; a name nobody owns (a CTE) is no one's.
    expect(check('portal', "db.selectFrom('portal_orders').innerJoin('sales_orders', 'a', 'b').innerJoin('price_tables', 'c', 'd').innerJoin('firms', 'e', 'f'); db.insertInto('audit_log'); db.selectFrom('recent')")).toEqual([]);
  });

  it('finds an entity definition’s tables: its own, its child and line-child tables, its link sets’', () => {
    const entity = {
      table: 'orders',
      fields: {
        Lines: { type: 'children', table: 'order_lines', lineChildren: { Lots: { table: 'order_line_lots' } } },
        Regions: { type: 'set', storage: { kind: 'link', table: 'order_regions' } },
        Flags: { type: 'set', storage: { kind: 'flags' } },
        Name: { type: 'text' },
      },
    };
    expect(entityTables(entity)).toEqual(['orders', 'order_lines', 'order_line_lots', 'order_regions']);
  });
});

describe('the repository', () => {
  it('names, in each module, only its own tables, the core’s and those of the modules it requires; each table has one owner', async () => {
    const repository = await repositoryTables(repoRoot, await loadServerModules());
    // The checker sees the repository: the modules' tables have owners, and their code names them.
    expect(repository.owners.get('portal_orders')).toBe('portal');
    expect(repository.owners.get('sales_orders')).toBe('so');
    expect(repository.owners.get('gl_entries')).toBe('gl');
    expect(repository.files.filter((file) => file.module === 'so').flatMap((file) => file.mentions).length).toBeGreaterThan(100);

    const found: OwnershipViolation[] = [...repository.claimedTwice, ...ownershipViolations(repository.modules, repository.owners, repository.files)];
    const allowed = (violation: OwnershipViolation) => ALLOWED.some((entry) => entry.module === violation.module && entry.table === violation.table && entry.file === violation.file);
    expect(found.filter((violation) => !allowed(violation)).map(describeViolation)).toEqual([]);
    const stale = ALLOWED.filter((entry) => !found.some((violation) => violation.module === entry.module && violation.table === entry.table && violation.file === entry.file));
    expect(stale, 'allowed violations no longer found: take them off the list').toEqual([]);
    // It loads every module and parses each of their files: 13 s alone, more beside the suite's other workers.
  }, 120_000);
});
