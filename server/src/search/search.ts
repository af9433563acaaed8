/**
 * The global search (issue 42 item 1): `globalSearch(database, user, text)` → the records the caller may open
 * whose business number starts with what was typed, or any word of whose name (or declared words) starts with
 * each word typed — accent- and case-insensitive on both engines —, best first: numbers starting with the text,
 * then names starting with it, then the other word matches; by kind, at most PER_KIND each and LIMIT in all.
 *
 * Rights, all of them the entity routes' own: only entities the caller may read (`canRead`: roles and the
 * applications they open, §6 least privilege) and whose `globalSearch.roles` they hold; only records the
 * entity's `scope` hook lets them list (§6 assigned customers and any other row right), checked on the found
 * keys. A field the caller may not see never decides what they find (§6 form widgets security, issue 68 item 1):
 * with the rules in force at the call (read first, no cache), an entity whose number is hidden leaves the number
 * arms, and one with any hidden number, name or word field is matched by the word arm on the index words of its
 * readable fields only (`guardOf`: the index keeps each word's field, index-sync.ts) — so hidden values neither
 * answer nor fill an arm's limit, however short the prefix —; a hidden name or number is answered blank and orders
 * nothing. A portal customer (a module's
 * `searchAudience`: modules/portal/server/access.ts) opens no staff screen: they find only the kinds declaring
 * `globalSearch.portal`, and of those only the records naming one of their own accounts (the bill-tos their portal
 * routes let them act for, §3), filtered in the query itself so no other customer's record takes a candidate's place.
 *
 * Engines: SQLite — the number index (NOCASE) for number prefixes, FTS5 prefix queries for words (a column filter
 * on the readable slots for a guarded kind);
 * PostgreSQL — the `lower(number)` pattern index, the b-tree of `search_words` for the longest word typed (the
 * others checked by `tsvector @@ to_tsquery('simple', 'w:*')`) and, for five characters or more holding a digit,
 * the pg_trgm index for a number containing the text. Each arm reads at most
 * CANDIDATES rows, so a keystroke costs the same on a million records.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AnyEntity } from '@erp/shared/entities/define';
import { allEntities } from '@erp/shared/entities/index';
import type { SearchHit } from '@erp/shared/types';
import type { AuthenticatedUser } from '../auth/user.ts';
import type { Database } from '../db/connection.ts';
import { dynamicDb } from '../db/dynamic-db.ts';
import { foldText } from '../db/fold.ts';
import { accessFromRules, accessOf, canRead, type FieldRule } from '../entities/access.ts';
import { readAll } from '../db/read.ts';
import { cachedRulesByEntity } from '../auth/access-cache.ts';
import type { EntityContext, FieldAccess } from '../entities/hooks.ts';
import { messageIn } from '../entities/call-result.ts';
import { filteredBase } from '../entities/paging.ts';
import { registeredEntity } from '../entities/registry.ts';
import { keyColumn } from '../entities/wire.ts';
import { loadServerModules } from '../modules/index.ts';
import type { SearchAudience } from '../modules/part.ts';
import { fieldSlots, searchFields, searchSource } from './index-sync.ts';

/** Most records answered, and per kind. */
export const LIMIT = 50;
export const PER_KIND = 8;
/** Rows each arm of the query reads at most. */
const CANDIDATES = 400;
/**
 * PostgreSQL: rows of the longest word's prefix range read at most (a subquery with its own LIMIT, so the planner
 * cannot trade the range read for the vector's GIN index); the other words are checked on those records only, by
 * `ts_match_vq` — `@@` as a function, which no index answers, so the planner joins by key instead of gathering every
 * match of the vector first.
 */
const WORD_ROWS = 2000;
/** Longest text searched (a longer one is cut). */
export const MAX_TEXT = 100;


interface Row {
  entity: string;
  record_id: string;
  number: string;
  label: string;
  rank: number;
}

/** `localeCompare`'s order (the default locale) without a collator made per comparison. */
const collator = new Intl.Collator();

/** Words of the folded text: letters and digits (what both tokenizers keep). */
export function searchWords(text: string): string[] {
  return foldText(text.slice(0, MAX_TEXT)).split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The least text above every text starting with `prefix` in code-point order (UTF-8 byte order: PostgreSQL's "C"
 * collation and `text_pattern_ops`), or null when there is none (the prefix is empty or all U+10FFFF).
 */
export function prefixEnd(prefix: string): string | null {
  const points = Array.from(prefix, (char) => char.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()! + 1;
    if (last > 0x10ffff) continue;
    points.push(last === 0xd800 ? 0xe000 : last);
    return String.fromCodePoint(...points);
  }
  return null;
}

/**
 * PostgreSQL: `column` starts with `prefix`, as a range of the column's b-tree (`lt`/`ge`: its order's operators).
 * A range and not `like`: a prepared statement's generic plan (kept after five runs, no planning per keystroke)
 * can read a range of parameters from an index, never a `like` of one.
 */
function startsWith(column: RawBuilder<unknown>, prefix: string, operators: { ge: string; lt: string }): RawBuilder<boolean> {
  const end = prefixEnd(prefix);
  const from = sql<boolean>`${column} ${sql.raw(operators.ge)} ${prefix}`;
  return end === null ? from : sql<boolean>`${from} and ${column} ${sql.raw(operators.lt)} ${end}`;
}
const C_ORDER = { ge: '>=', lt: '<' };
const PATTERN_ORDER = { ge: '~>=~', lt: '~<~' };

/** `/novus-ap/purchase-journal` → `/novus-ap`. */
const applicationPath = (route: string) => `/${route.split('/')[1] ?? ''}`.toLowerCase();

/**
 * The screen that opens `def`'s records for `user`: its declared screen, else its route under its own application
 * (whose name the palette shows), else its first route they can open.
 */
function screenFor(def: AnyEntity, user: AuthenticatedUser): string | null {
  const own = `/${def.application.toLowerCase()}`;
  const routes = [...def.routes].sort((a, b) => Number(applicationPath(b) === own) - Number(applicationPath(a) === own));
  const candidates = [...(def.screen ? [def.screen] : []), ...routes];
  return candidates.find((route) => user.applications.paths.has(applicationPath(route))) ?? null;
}

/** A searchable entity the caller may find: the screen (and application) opening its records, and for a portal customer the bill-tos its records must name. */
interface Searchable {
  def: AnyEntity;
  screen: string;
  application: string;
  /**
   * Portal customers: the account column and the caller's bill-tos (a record of another customer is never read);
   * `record`: the column holding the key their screen opens the record by (records without one are not found).
   */
  accounts?: { column: string; firms: readonly string[]; record?: string; states?: { column: string; values: readonly string[] } };
  /** The caller's field access (§6 form widgets security and `readRoles`, as in force now). */
  access: FieldAccess;
  /** Set when a field the index reads is hidden from the caller (`guardOf`). */
  guard?: Guard;
}

/**
 * What of a record the caller may be found by when some field the index reads is hidden from them: whether the
 * number is readable (else the entity is left out of the number arms), whether the name is, and the word slots of
 * the readable fields (index-sync.ts `fieldSlots`: `f0` the number and its digits, then each name and word field)
 * — the word arm matches those slots only, in the index itself.
 */
interface Guard {
  number: boolean;
  name: boolean;
  slots: number[];
}

function guardOf(def: AnyEntity, hidden: ReadonlySet<string>): Guard | undefined {
  const fields = searchFields(def)!;
  if (![fields.number, ...fields.label, ...fields.words].some((field) => hidden.has(field))) return undefined;
  const slots = [...new Set([...fieldSlots(def)].filter(([field]) => !hidden.has(field)).map(([, slot]) => slot))].sort((a, b) => a - b);
  return { number: !hidden.has(fields.number), name: !fields.label.some((field) => hidden.has(field)), slots };
}

/** The audience `user` searches as, when not staff (a module's `searchAudience`: the portal's customers). */
async function audienceOf(user: AuthenticatedUser): Promise<SearchAudience | undefined> {
  return (await loadServerModules()).map((module) => module.searchAudience).find((audience) => audience?.member(user));
}

/**
 * The searchable entities `user` may find. Staff: those they may read, each on its screen in one of their
 * applications. A portal customer opens no staff screen: only the entities declaring `globalSearch.portal`, and of
 * those only the records of their own accounts (issue 42: "portal users see only their own accounts' documents").
 */
async function searchableFor(database: Database, user: AuthenticatedUser): Promise<Map<string, Searchable>> {
  const found = new Map<string, Omit<Searchable, 'access'>>();
  const audience = await audienceOf(user);
  const firms = audience ? await audience.accounts(database.db, user) : [];
  if (audience && firms.length === 0) return new Map();
  for (const def of allEntities()) {
    if (!searchSource(def)) continue;
    const roles = def.globalSearch!.roles;
    if (roles && !user.roles.some((role) => roles.includes(role))) continue;
    const declared = def.globalSearch!.portal;
    if (audience) {
      if (!declared) continue;
      const record = declared.record ? def.fields[declared.record]!.column : undefined;
      const states = declared.states && def.states ? { column: def.fields[def.states.field]!.column, values: declared.states } : undefined;
      found.set(def.name, {
        def,
        screen: declared.screen,
        application: audience.application,
        accounts: { column: def.fields[declared.account]!.column, firms, ...(record ? { record } : {}), ...(states ? { states } : {}) },
      });
      continue;
    }
    if (!canRead(def, user)) continue;
    const screen = screenFor(def, user);
    if (screen) found.set(def.name, { def, screen, application: def.application });
  }
  // §6 form widgets security of every kind searched, as in force at this call (kept per instance and forgotten on
  // a change, auth/access-cache.ts): it decides which arms and columns may find each kind, so it comes before the
  // candidates.
  const rules =
    user.roles.length === 0 || found.size === 0
      ? new Map<string, readonly FieldRule[]>()
      : await cachedRulesByEntity(database.db, [...found.keys()], user.roles, async (missing) =>
          (await readAll(
            database,
            database.db.selectFrom('form_widget_security').select(['entity', 'role_id', 'field_name', 'access']).where('entity', 'in', missing).where('role_id', 'in', user.roles),
          )) as (FieldRule & { entity: string })[],
        );
  const searchable = new Map<string, Searchable>();
  for (const [name, entry] of found) {
    // Issue 74: the access and its guard worked out once per cached rules list (entities/access.ts `accessOf`).
    const list = rules.get(name);
    const access = list ? accessOf(entry.def, user, list) : accessFromRules(entry.def, user, []);
    const guard = guardFor(entry.def, access);
    searchable.set(name, { ...entry, access, ...(guard ? { guard } : {}) });
  }
  return searchable;
}

const guards = new WeakMap<FieldAccess, { guard: Guard | undefined }>();

/** `guardOf` the access's hidden fields, kept beside a shared access (`accessOf`: one per definition and rules list). */
function guardFor(def: AnyEntity, access: FieldAccess): Guard | undefined {
  let kept = guards.get(access);
  if (!kept) guards.set(access, (kept = { guard: guardOf(def, access.hidden) }));
  return kept.guard;
}

/**
 * The index rows of `kinds` (`alias`: the table holding `entity` and `record_id`). A portal customer's: those of
 * records naming one of their accounts, read from the entity's table. With `slot` (the column holding a word's
 * slot, PostgreSQL's `search_words.field`), a guarded kind's rows only of its readable slots.
 *
 * PostgreSQL: the entity is compared in the "C" collation, which no index of the search tables has, so it is a
 * filter on the rows each arm reads in order and never an index condition: as one (`entity = any(…)` on
 * `search_words (word, entity)` or the `(entity, record_id)` keys) the planner reads the word's range once per
 * entity, or — without statistics on `search_words` — ANDs in the bitmap of the whole 4.6-million-row record
 * index: 2.4–6.6 s for one keystroke, measured.
 */
function entityFilter(database: Database, kinds: readonly Searchable[], alias: string, slot?: string): RawBuilder<boolean> {
  const entity = database.engine === 'postgres' ? sql`${sql.ref(`${alias}.entity`)} collate "C"` : sql.ref(`${alias}.entity`);
  const recordId = sql.ref(`${alias}.record_id`);
  const readable = (guard: Guard | undefined) => (slot && guard ? sql` and ${sql.ref(`${alias}.${slot}`)} in (${sql.join(guard.slots.map((n) => sql.lit(n)))})` : sql``);
  const plain = kinds.filter((found) => !found.accounts && !(slot && found.guard)).map((found) => sql`${found.def.name}`);
  const parts: RawBuilder<boolean>[] = [];
  if (plain.length > 0) parts.push(sql<boolean>`${entity} in (${sql.join(plain)})`);
  for (const { def, accounts, guard } of kinds) {
    if (!accounts) {
      if (slot && guard) parts.push(sql<boolean>`(${entity} = ${def.name}${readable(guard)})`);
      continue;
    }
    const source = searchSource(def)!;
    const firms = sql.join(accounts.firms.map((firm) => sql`${firm}`));
    const opened = accounts.record ? sql` and ${sql.ref(accounts.record)} is not null` : sql``;
    const shown = accounts.states ? sql` and ${sql.ref(accounts.states.column)} in (${sql.join(accounts.states.values.map((state) => sql`${state}`))})` : sql``;
    parts.push(sql<boolean>`(${entity} = ${def.name}${readable(guard)} and ${recordId} in
      (select cast(${sql.ref(source.key)} as text) from ${sql.table(source.table)} where ${sql.ref(accounts.column)} in (${firms})${opened}${shown}))`);
  }
  return parts.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** The kinds the number arms may find (a hidden number leaves them) and those the word arm may (some slot readable). */
const numberKinds = (searchable: ReadonlyMap<string, Searchable>) => [...searchable.values()].filter(({ guard }) => guard?.number !== false);
const wordKinds = (searchable: ReadonlyMap<string, Searchable>) => [...searchable.values()].filter(({ guard }) => guard === undefined || guard.slots.length > 0);

/** An FTS5 word-prefix query: every word a prefix, in the slots given (all when none). */
function ftsQuery(words: readonly string[], slots?: readonly number[]): string {
  const all = words.map((word) => `"${word}"*`).join(' AND ');
  return slots ? `{${slots.map((slot) => `f${slot}`).join(' ')}} : (${all})` : all;
}

async function candidates(database: Database, searchable: ReadonlyMap<string, Searchable>, text: string, words: readonly string[]): Promise<Row[]> {
  const db = database.db;
  const folded = foldText(text.trim());
  const prefix = likePrefix(folded);
  const inNumbers = (alias: string) => entityFilter(database, numberKinds(searchable), alias);
  // Kinds with a hidden field the index reads (guard) are matched on their readable slots only, in the index
  // itself (issue 68 item 1): a hidden value neither answers nor takes a place in an arm's limit.
  const kinds = wordKinds(searchable);
  const arms: RawBuilder<Row>[] = [];
  let ctes = sql``;
  if (database.engine === 'sqlite') {
    arms.push(sql<Row>`select * from (select entity, record_id, number, label, 0 as rank from search_index
      where number like ${prefix} escape '\\' and ${inNumbers('search_index')} order by number limit ${CANDIDATES})`);
    // One FTS5 read for the kinds with nothing hidden, one per set of readable slots (a column filter) for the others.
    const groups = new Map<string, { slots?: number[]; kinds: Searchable[] }>();
    for (const kind of kinds) {
      const key = kind.guard ? kind.guard.slots.join(' ') : '';
      const group = groups.get(key) ?? { ...(kind.guard ? { slots: kind.guard.slots } : {}), kinds: [] };
      group.kinds.push(kind);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      arms.push(sql<Row>`select * from (select i.entity, i.record_id, i.number, i.label,
          2 as rank
        from search_fts f join search_index i on i.rowid = f.rowid
        where search_fts match ${ftsQuery(words, group.slots)} and ${entityFilter(database, group.kinds, 'i')} limit ${CANDIDATES})`);
    }
  } else {
    // Each arm is read in its index's order and stops at its LIMIT: a plan that gathers every match first (a bitmap
    // scan, a sort) costs what the prefix matches — 50,000 index entries for "gso02" — and the entity test is a
    // filter on the rows read (entityFilter).
    // The first two arms are CTEs: the third runs only when both found nothing.
    const numbers = sql`numbers as materialized (select entity, record_id, number, label, 0 as rank from search_index
      where ${startsWith(sql`lower(number) collate "C"`, folded, C_ORDER)} and ${inNumbers('search_index')} order by lower(number) collate "C" limit ${CANDIDATES})`;
    // The longest word read as a b-tree prefix range (search_words, in the index's own `text_pattern_ops` order;
    // a guarded kind's entries of its readable slots only, the slot being in the b-tree), the others checked on the
    // vector of those records only; one word needs no more rows than are answered.
    const query = words.map((word) => `'${word}':*`).join(' & ');
    const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
    const rows = words.length === 1 ? CANDIDATES : WORD_ROWS;
    const range = sql`select entity, record_id from search_words where ${startsWith(sql`word`, longest, PATTERN_ORDER)} and ${entityFilter(database, kinds, 'search_words', 'field')} order by word using ~<~ limit ${rows}`;
    // A guarded kind's other words: each the prefix of a word of a readable slot, read by the record's key (a
    // scalar subquery per row read: an EXISTS may become a semi-join over every entry of the word first).
    const others = words.filter((word) => word !== longest || words.indexOf(word) !== words.lastIndexOf(word));
    const guarded = kinds.filter(({ guard }) => guard);
    const entity = sql`w.entity collate "C"`;
    const readableOthers =
      guarded.length === 0 || others.length === 0
        ? sql`true`
        : sql`(${entity} not in (${sql.join(guarded.map(({ def }) => sql`${def.name}`))}) or ${sql.join(
            guarded.map(({ def, guard }) => {
              const checks = others.map(
                (word) => sql`coalesce((select true from search_words o where o.entity = w.entity and o.record_id = w.record_id
                  and ${startsWith(sql`o.word`, word, PATTERN_ORDER)} and o.field in (${sql.join(guard!.slots.map((n) => sql.lit(n)))}) limit 1), false)`,
              );
              return sql`(${entity} = ${def.name} and ${sql.join(checks, sql` and `)})`;
            }),
            sql` or `,
          )})`;
    const named = sql`named as materialized (select i.entity, i.record_id, i.number, i.label, 2 as rank
      from (${range}) w
      join search_index i on i.entity = w.entity and i.record_id = w.record_id
      where ts_match_vq(i.tsv, to_tsquery('simple', ${query})) and ${readableOthers} limit ${CANDIDATES})`;
    ctes = sql`with ${numbers}, ${named} `;
    arms.push(sql<Row>`(select * from numbers)`, sql<Row>`(select * from named)`);
    // pg_trgm: a number containing the text inside one of its parts (GSO0250000 by "250000"; "2026-00042" of
    // INV-2026-00042 is two words the second arm finds), from five characters holding a digit (shorter ones are
    // in too many numbers for a keystroke), and only when nothing starts with the text: the GIN index gathers
    // every number holding all its trigrams before the LIMIT, and numbers share most of theirs (50,000 entries for
    // "gso02"; 127 ms for "lap-00002263", whose one record the prefix arm had found in 0.7 ms — measured). The test
    // is an InitPlan: when it fails, the index is never read.
    if (folded.length >= 5 && /\d/.test(folded) && !/\s/.test(folded)) {
      arms.push(sql<Row>`(select entity, record_id, number, label, 1 as rank from search_index
        where not exists (select 1 from numbers) and not exists (select 1 from named)
          and lower(number) like ${`%${prefix}`} and ${inNumbers('search_index')} limit ${CANDIDATES})`);
    }
  }
  const query = sql<Row>`${ctes}${sql.join(arms, sql` union all `)}`;
  // One statement, no transaction: read in index order, the union's estimated cost stays far below the default
  // jit_above_cost (100,000) — 3,500 for "c", 5,300 for "gso02", 22,000 for "yukon c", measured at 850,000
  // records — so no JIT compilation to turn off, and no BEGIN / SET LOCAL / COMMIT round trips per keystroke.
  // A name starting with the text ranks before other word matches: decided here, by the one fold, for both
  // engines (in SQL it was a fold per row read: a fifth of a PostgreSQL keystroke's time, measured).
  const rows = (await query.execute(db)).rows;
  for (const row of rows) if (Number(row.rank) === 2 && foldText(row.label).startsWith(folded)) row.rank = 1;
  return rows;
}

/**
 * Whether the entity's `scope` hook restricts `ctx.user` at all: it leaves a probe query as it was for a caller it
 * does not restrict (a user not restricted to assigned customers), and the search then needs no second query.
 */
async function scoped(ctx: EntityContext): Promise<boolean> {
  if (!ctx.hooks.scope) return false;
  const probe = dynamicDb(ctx.db).selectFrom(ctx.def.table).select(keyColumn(ctx.def));
  const after = (await ctx.hooks.scope(ctx, probe)).compile();
  // The probe itself compiles alike every time: once per definition (no parameters to compare).
  let before = probes.get(ctx.def);
  if (before === undefined) probes.set(ctx.def, (before = probe.compile().sql));
  return after.sql !== before || after.parameters.length > 0;
}

const probes = new WeakMap<AnyEntity, string>();

/** The records of `def` among `ids` the caller may list (the entity's `scope` hook: §6 and other row rights). */
async function visibleIds(ctx: EntityContext, ids: readonly string[]): Promise<Set<string>> {
  if (!(await scoped(ctx))) return new Set(ids);
  const field = ctx.def.fields[ctx.def.key]!;
  const keys = field.type === 'integer' || (field.type === 'lookup' && field.valueType === 'integer') ? ids.map(Number) : ids;
  const column = `${ctx.def.table}.${keyColumn(ctx.def)}`;
  const base = await filteredBase(ctx, { page: 1, pageSize: ids.length, sortFields: [], sortDescending: [], search: null, filters: [], columns: [] });
  const rows = (await base.select(column).where(column, 'in', keys).execute()) as Record<string, unknown>[];
  return new Set(rows.map((row) => String(Object.values(row)[0])));
}

/** The key each of `rows` is opened by on the audience's screen (`globalSearch.portal.record`), by record id. */
async function recordKeys(database: Database, def: AnyEntity, column: string, rows: readonly Row[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const field = def.fields[def.key]!;
  const ids = field.type === 'integer' || (field.type === 'lookup' && field.valueType === 'integer') ? rows.map((row) => Number(row.record_id)) : rows.map((row) => row.record_id);
  const db = dynamicDb(database.db);
  const found = await readAll(database, db.selectFrom(def.table).select([`${keyColumn(def)} as id`, `${column} as opens`]).where(keyColumn(def), 'in', ids));
  return new Map(found.map((row) => [String(row['id']), String(row['opens'])]));
}

export async function globalSearch(database: Database, user: AuthenticatedUser, text: string): Promise<SearchHit[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const searchable = await searchableFor(database, user);
  if (searchable.size === 0) return [];
  const rows = await candidates(database, searchable, text, words);
  // Best rank of each record (a number match also found by its words), then by rank, number. A hidden number or
  // name is blanked first, so it neither shows nor orders anything (nor ranks: "the name starts with the text").
  const best = new Map<string, Row>();
  for (const found of rows) {
    const { guard } = searchable.get(found.entity)!;
    const row = guard ? { ...found, number: guard.number ? found.number : '', label: guard.name ? found.label : '', rank: !guard.name && Number(found.rank) === 1 ? 2 : found.rank } : found;
    const key = `${row.entity}\u0000${row.record_id}`;
    const seen = best.get(key);
    if (!seen || Number(row.rank) < Number(seen.rank)) best.set(key, row);
  }
  const ordered = [...best.values()].sort((a, b) => Number(a.rank) - Number(b.rank) || collator.compare(a.number, b.number) || collator.compare(a.label, b.label));
  // Per kind: the first PER_KIND records, those the entity's row rights keep.
  const byEntity = new Map<string, Row[]>();
  for (const row of ordered) {
    const list = byEntity.get(row.entity) ?? [];
    list.push(row);
    byEntity.set(row.entity, list);
  }
  const hits: { hit: SearchHit; rank: number; order: number }[] = [];
  let order = 0;
  for (const [entity, list] of byEntity) {
    const { def, screen, application, accounts, access } = searchable.get(entity)!;
    const registered = registeredEntity(entity)!;
    const ctx: EntityContext = { db: database.db, reader: database.reader, engine: database.engine, user, def, hooks: registered.hooks, access };
    const kept = [] as Row[];
    // Row rights may drop some: check a few more than are shown, PER_KIND at a time.
    for (let at = 0; at < list.length && kept.length < PER_KIND; at += PER_KIND * 4) {
      const slice = list.slice(at, at + PER_KIND * 4);
      const visible = await visibleIds(ctx, slice.map((row) => row.record_id));
      kept.push(...slice.filter((row) => visible.has(row.record_id)).slice(0, PER_KIND - kept.length));
    }
    const source = searchSource(def)!;
    const nameFields = def.globalSearch!.name ?? (source.label.length > 0 ? [def.displayField] : []);
    const nameHidden = nameFields.some((field) => access.hidden.has(field));
    const kind = messageIn(user.row.language as string | null, def.globalSearch!.kindKey!);
    const opens = accounts?.record ? await recordKeys(database, def, accounts.record, kept) : null;
    for (const row of kept) {
      hits.push({
        hit: { Entity: entity, Id: opens?.get(row.record_id) ?? row.record_id, Number: access.hidden.has(def.numberField) ? '' : row.number, Name: nameHidden ? '' : row.label, Kind: kind, Application: application, Screen: screen },
        rank: Number(row.rank),
        order: order++,
      });
    }
  }
  // Kinds in the order of their best record; records in theirs.
  const kindRank = new Map<string, number>();
  for (const { hit, rank } of hits) kindRank.set(hit.Entity, Math.min(kindRank.get(hit.Entity) ?? rank, rank));
  const firstOrder = new Map<string, number>();
  for (const { hit, order: at } of hits) if (!firstOrder.has(hit.Entity)) firstOrder.set(hit.Entity, at);
  return hits
    .sort((a, b) => kindRank.get(a.hit.Entity)! - kindRank.get(b.hit.Entity)! || firstOrder.get(a.hit.Entity)! - firstOrder.get(b.hit.Entity)! || a.order - b.order)
    .slice(0, LIMIT)
    .map(({ hit }) => hit);
}
