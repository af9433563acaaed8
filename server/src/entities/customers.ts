/**
 * §6 "users restricted to assigned customers" as an engine rule (issue 68 item 2). A restricted user
 * (users.restricted_to_customers) sees only the customers assigned to them (user_customers). Which records
 * belong to a customer is declared once, in the definition: a header lookup field flagged `customer: true`
 * names the record's customer — a record of the `customers` entity (the firm), or a record of another entity
 * whose own customer it inherits (a lot's job site, a return's sales order), to any depth. The registry composes
 * `customerHooks(def)` first into every such entity's hooks (registry.ts), so every read path that runs the
 * hooks — record, list, lookup, related documents, export, search, history, as-of, attachments, e-mail, print,
 * events, presence — applies it, and a module cannot forget it:
 *
 * - `scope`: lists keep the records whose every customer field is blank or visible;
 * - `canView`: any other record answers 403 `not_assigned` ("Sorry, this Firm cannot be viewed. You are not
 *   assigned to this customer.") — the firm's own refusal;
 * - `parameterRefusal`: a report or process parameter naming such a record (or one that does not exist: a
 *   restricted user learns nothing of records outside their list) is refused the same way;
 * - `beforeWrite`: a new record, or a change of a customer field, naming a customer not visible is refused (403).
 *
 * `restrictRows(db, user, records, rows)` is the same rule for a report's or process's rows whose definition
 * declares the entity they are records of (`records`, reports/engine.ts and processes/engine.ts apply it).
 * `isRestricted`, `assignedFirms`, `notAssigned` are the primitives (modules/shell/server/firm/assigned.ts
 * re-exports them for the modules' own queries).
 */
import type { AnyEntity, LookupField } from '@erp/shared/entities/define';
import { entityByName } from '@erp/shared/entities/index';
import type { ReportRecords } from '@erp/shared/reports/define';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { AuthenticatedUser } from '../auth/user.ts';
import { asFlag, coreDb, type DB } from '../db/schema.ts';
import { BusinessError } from './call-result.ts';
import { dynamicDb, type DynamicDb, type DynamicSelect, type DynamicTables } from '../db/dynamic-db.ts';
import type { EntityHooks, Refusal } from './hooks.ts';
import { message } from './labels.ts';

export function isRestricted(user: AuthenticatedUser): boolean {
  return asFlag(user.row.restricted_to_customers as boolean | number | undefined);
}

/** The customer keys assigned to `user` (meaningful only when the user is restricted). */
export async function assignedFirms<D>(db: Kysely<D>, user: AuthenticatedUser): Promise<string[]> {
  const rows = await coreDb(db).selectFrom('user_customers').select('firm_id').where('user_id', '=', user.userId).execute();
  return rows.map((row) => row.firm_id);
}

/** §6: the refusal for a customer the user is not assigned to. */
export function notAssigned(): Refusal {
  return {
    status: 403,
    body: { ResultStatus: 2, ResultCode: 'not_assigned', Message: message('entities:firm.rules.notAssigned'), EntityId: null, Exception: null },
  };
}

/** One field naming a record's customer: its column, and the entity (and column there) it refers to. */
export interface CustomerLink {
  field: string;
  column: string;
  target: AnyEntity;
  /** The target's column the field's value is held in (its key, or the lookup's `targetField`). */
  targetColumn: string;
  required: boolean;
  /** A field of a line collection (a route's cash-in, a line per customer's order): the record is each line's customer's. */
  lines?: { collection: string; table: string; parentColumn: string };
}

function resolved(def: AnyEntity, field: string, spec: LookupField & { column: string }): Omit<CustomerLink, 'lines'> {
  const target = entityByName(spec.entity);
  if (!target) throw new Error(`entity ${def.name}: customer field ${field} refers to unknown entity ${spec.entity}`);
  const targetField = target.fields[spec.targetField ?? target.key] as { column: string } | undefined;
  if (!targetField) throw new Error(`entity ${def.name}: customer field ${field} names no field of ${target.name}`);
  return { field, column: spec.column, target, targetColumn: targetField.column, required: spec.required === true };
}

/** The fields of `def` flagged `customer` (definition `LookupField.customer`) — header fields, then line fields — resolved. */
export function customerLinks(def: AnyEntity): CustomerLink[] {
  const links: CustomerLink[] = [];
  for (const [field, spec] of Object.entries(def.fields)) {
    if (spec.type === 'lookup' && spec.customer === true) links.push(resolved(def, field, spec));
    if (spec.type !== 'children') continue;
    for (const [name, line] of Object.entries(spec.fields)) {
      if (line.type !== 'lookup' || line.customer !== true) continue;
      const lines = { collection: field, table: spec.table, parentColumn: spec.parentColumn };
      links.push({ ...resolved(def, `${field}.${name}`, { ...line, column: line.column ?? name }), field: name, lines });
    }
  }
  return links;
}

/**
 * Whether `def`'s records belong to customers: a `customer` field naming the customers entity, or a record that has
 * one itself. A `customer` field naming an entity without customers is a programming error (thrown at start,
 * `checkCustomerDeclarations`).
 */
export function hasCustomer(def: AnyEntity): boolean {
  return customerLinks(def).length > 0;
}

/** Every registered definition's `customer` fields name a customer or a record that has one, without a cycle. */
export function checkCustomerDeclarations(entities: readonly AnyEntity[]): void {
  const walk = (def: AnyEntity, seen: readonly string[]): void => {
    if (seen.includes(def.name)) throw new Error(`entity ${def.name}: customer fields form a cycle (${[...seen, def.name].join(' → ')})`);
    for (const link of customerLinks(def)) {
      if (link.target.customers) continue;
      if (!hasCustomer(link.target)) throw new Error(`entity ${def.name}: customer field ${link.field} names ${link.target.name}, which has no customer`);
      walk(link.target, [...seen, def.name]);
    }
  };
  for (const def of entities) walk(def, []);
}

/** Conditions over tables the definitions name (db/dynamic-db.ts). */
type AnyExpressions = ExpressionBuilder<DynamicTables, string>;

/** The assigned customer keys: read already, or a sub-select of them (for a query built without awaiting). */
type Assigned = readonly string[] | DynamicSelect;

/** The condition that `column` (not blank) names a customer among `assigned`, or a record of `link.target` that is theirs. */
function namesVisible(eb: AnyExpressions, column: string, link: CustomerLink, assigned: Assigned, depth: number): Expression<SqlBool> {
  if (link.target.customers) {
    if (!isList(assigned)) return eb(column, 'in', assigned);
    return assigned.length === 0 ? sql<SqlBool>`1 = 0` : eb(column, 'in', assigned);
  }
  // Each level its own alias: a parent's table may be the record's own.
  const parent = `customer_${depth}`;
  const select = eb
    .selectFrom(`${link.target.table} as ${parent}`)
    .select(`${parent}.${link.targetColumn}`)
    .where((inner) => visibleCondition(inner, link.target, parent, assigned, depth + 1));
  return eb(column, 'in', select);
}

/**
 * The condition that the record of `def` read as `alias` has every customer field blank or naming a customer
 * among `assigned` — through its parents' own customers, as sub-selects — and no line naming another.
 */
function visibleCondition(eb: AnyExpressions, def: AnyEntity, alias: string, assigned: Assigned, depth = 0): Expression<SqlBool> {
  const parts = customerLinks(def).map((link) => {
    if (link.lines) {
      const line = `customer_line_${depth}`;
      const others = eb
        .selectFrom(`${link.lines.table} as ${line}`)
        .select(sql`1`.as('one'))
        .where(`${line}.${link.lines.parentColumn}`, '=', eb.ref(`${alias}.${(def.fields[def.key] as { column: string }).column}`))
        .where(`${line}.${link.column}`, 'is not', null)
        .where((inner) => inner.not(namesVisible(inner, `${line}.${link.column}`, link, assigned, depth)));
      return eb.not(eb.exists(others));
    }
    const column = `${alias}.${link.column}`;
    const named = namesVisible(eb, column, link, assigned, depth);
    // A blank customer is no customer's (a price table for everyone); a required one is never blank.
    return link.required ? named : eb.or([eb(column, 'is', null), named]);
  });
  return eb.and(parts);
}

const isList = (assigned: Assigned): assigned is readonly string[] => Array.isArray(assigned);

/** `query` (of `def`'s table, unaliased) narrowed to the records whose customers are among `assigned`. */
function narrowed(query: DynamicSelect, def: AnyEntity, assigned: Assigned): DynamicSelect {
  return query.where((eb) => visibleCondition(eb, def, def.table, assigned));
}

/** The values of `link` in a record (wire form): its field's, or each line's. */
function valuesOf(link: CustomerLink, record: Readonly<Record<string, unknown>>): unknown[] {
  if (!link.lines) return [record[link.field]];
  const lines = record[link.lines.collection];
  return Array.isArray(lines) ? lines.map((line) => (line && typeof line === 'object' ? (line as Record<string, unknown>)[link.field] : null)) : [];
}

/** Whether the value `value` of link `link` names a customer among `assigned` (blank: no customer; a line's blank names none). */
async function linkVisible(db: DynamicDb, link: CustomerLink, value: unknown, assigned: readonly string[]): Promise<boolean> {
  if (value === null || value === undefined || value === '') return link.lines !== undefined || !link.required;
  if (link.target.customers) return assigned.includes(String(value));
  const select = narrowed(db.selectFrom(link.target.table).select(`${link.target.table}.${link.targetColumn}`), link.target, assigned).where(
    `${link.target.table}.${link.targetColumn}`,
    '=',
    value,
  );
  return (await select.limit(1).execute()).length > 0;
}

/**
 * A report's or process's rows (`rows`) narrowed, for a restricted `user`, to those whose `records.field` names a
 * record of `records.entity` the user may see (ReportDefinition.records); built without a round trip (the assigned
 * customers are a sub-select), so the report engine applies it wherever it reads the rows. Unrestricted: `rows`.
 */
export function restrictRows<D>(typed: Kysely<D>, user: AuthenticatedUser, records: ReportRecords, rows: DynamicSelect): DynamicSelect {
  if (!isRestricted(user)) return rows;
  const db = dynamicDb(typed);
  const def = entityByName(records.entity);
  if (!def) throw new Error(`records of unknown entity ${records.entity}`);
  const held = (def.fields[records.by === 'number' ? def.numberField : def.key] as { column: string }).column;
  const assigned = db.selectFrom('user_customers').select('user_customers.firm_id').where('user_customers.user_id', '=', user.userId);
  // The entity's own records are the customers (the firm): its key among the assigned ones.
  const visible = def.customers ? assigned : narrowed(db.selectFrom(def.table).select(`${def.table}.${held}`), def, assigned);
  return db.selectFrom(rows.as('customer_rows')).selectAll('customer_rows').where(`customer_rows.${records.field}`, 'in', visible);
}

/** The hooks the engine composes first into the hooks of every entity with a customer (module header); null for others. */
export function customerHooks(def: AnyEntity): EntityHooks | null {
  const links = customerLinks(def);
  if (links.length === 0) return null;
  const keyColumn = (def.fields[def.key] as { column: string }).column;
  return {
    async scope(ctx, query) {
      if (!isRestricted(ctx.user)) return query;
      return narrowed(query, def, await assignedFirms(ctx.db, ctx.user));
    },
    async canView(ctx, record) {
      if (!isRestricted(ctx.user)) return null;
      const assigned = await assignedFirms(ctx.db, ctx.user);
      const db = dynamicDb(ctx.db);
      for (const link of links) for (const value of valuesOf(link, record)) if (!(await linkVisible(db, link, value, assigned))) return notAssigned();
      return null;
    },
    async parameterRefusal(db, user, keys) {
      if (!isRestricted(user) || keys.length === 0) return null;
      const integer = def.fields[def.key]!.type === 'integer';
      const wanted = [...new Set(keys.map(String))];
      if (integer && wanted.some((key) => !/^\d{1,10}$/.test(key))) return notAssigned();
      const assigned = await assignedFirms(db, user);
      const rows = await narrowed(dynamicDb(db).selectFrom(def.table).select(`${def.table}.${keyColumn} as k`), def, assigned)
        .where(`${def.table}.${keyColumn}`, 'in', integer ? wanted.map(Number) : wanted)
        .execute();
      // Every key must name a record the user may see; one that does not exist is refused alike.
      return new Set(rows.map((row) => String((row as { k: unknown }).k))).size === wanted.length ? null : notAssigned();
    },
    async beforeWrite(ctx, trx, change) {
      if (!isRestricted(ctx.user)) return;
      const assigned = await assignedFirms<DB>(trx, ctx.user);
      const db = dynamicDb(trx);
      for (const link of links) {
        if (change.mode === 'update' && !change.changed.has(link.lines?.collection ?? link.field)) continue;
        for (const [index, value] of valuesOf(link, change.next).entries()) {
          if (await linkVisible(db, link, value, assigned)) continue;
          throw BusinessError.of(403, 'not_assigned', 'entities:firm.rules.notAssigned', {}, link.lines ? `${link.lines.collection}[${index}].${link.field}` : link.field);
        }
      }
    },
  };
}
