/**
 * The global search index (issue 42 item 1): one row per searchable record in `search_index` — entity, record
 * key, business number, name, other words — kept by DATABASE TRIGGERS on each searchable entity's table, so the
 * index changes in the very transaction of the write whatever path writes (the generic save, module actions and
 * posting code, processes, seeds, the bulk loads of `seed:large` on their own connections): a rolled-back write
 * leaves no index row, and no module code has to remember the index.
 *
 * - What is searchable is declared per entity in its module (`globalSearch` of the definition); nothing here
 *   names an entity.
 * - `0046_search` (migration) creates the index: SQLite — a rowid table and an external-content FTS5 table over
 *   it (`unicode61 remove_diacritics 2`: case and accents folded by the tokenizer, prefix indexes for the
 *   keystroke queries), synced by triggers on the index table; PostgreSQL — the table with a folded text and its
 *   `tsvector` (set by a trigger), a GIN index on the vector, a `pg_trgm` GIN index on the lower-case number, and
 *   `search_words` (each record's words, one row each, b-tree: a short prefix stops at the LIMIT), kept by a trigger.
 * - `syncSearchIndex(db, definitions)` (every start, after schema sync): for each searchable entity whose
 *   declaration (table, columns) differs from the one recorded in `search_sources`, drops and recreates its
 *   triggers and rebuilds its rows from the table; an entity no longer declared loses its triggers and rows.
 * - The number's slot also holds the number without its letter prefix, so "200037" finds PO200037 on both engines,
 *   and those digits without leading zeros (`0086_search_number_digits`), so "312" finds AR000312.
 * - `0073_search_fields` (migration) keeps each word with the FIELD it came from (issue 68 item 1: the search
 *   matches only the fields the caller may read, in the index itself): the index's words are cut into SLOTS
 *   `f0`…`f7` — `f0` the number and its digits, then one slot per name field and per word field, in the order the
 *   declaration names them (`fieldSlots`); SQLite's FTS5 table has one column per slot (a column filter
 *   `{f0 f2} : …` then matches readable slots only), PostgreSQL's `search_words` a `field` (the slot) in its b-tree.
 *   The layout is part of every entity's signature, so an existing database rebuilds its rows at the next start.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { AnyEntity } from '@erp/shared/entities/define';

import { schemaView, type MigrationDb } from '../db/migration-db.ts';

/** Migrations and the sync name the indexed tables by variable: the schema view (db/migration-db.ts). */
type SchemaDb = MigrationDb;

function isPostgres(db: SchemaDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Characters a number's prefix is made of, taken off for the digits-only word. */
export const NUMBER_PREFIX = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_/# ';

/** The pg_trgm index on the numbers (absent where the extension could not be created). */
export const TRGM_INDEX = 'ix_search_index_number_trgm';

export const m0046_search: Migration = {
  async up(db: SchemaDb) {
    await db.schema
      .createTable('search_sources')
      .addColumn('entity', 'text', (c) => c.primaryKey())
      .addColumn('signature', 'text', (c) => c.notNull())
      .execute();
    if (!isPostgres(db)) {
      // NOCASE on the number: `number like 'po20%'` reads the number index (SQLite's LIKE optimization).
      await sql`create table search_index (
        entity text not null, record_id text not null, number text collate nocase not null, label text not null, words text not null,
        primary key (entity, record_id))`.execute(db);
      await sql`create index ix_search_index_number on search_index (number collate nocase, entity)`.execute(db);
      await sql`create virtual table search_fts using fts5(number, label, words, content='search_index', content_rowid='rowid',
        tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4')`.execute(db);
      await sql`create trigger search_index_ai after insert on search_index begin
        insert into search_fts(rowid, number, label, words) values (new.rowid, new.number, new.label, new.words); end`.execute(db);
      await sql`create trigger search_index_ad after delete on search_index begin
        insert into search_fts(search_fts, rowid, number, label, words) values ('delete', old.rowid, old.number, old.label, old.words); end`.execute(db);
      await sql`create trigger search_index_au after update on search_index begin
        insert into search_fts(search_fts, rowid, number, label, words) values ('delete', old.rowid, old.number, old.label, old.words);
        insert into search_fts(rowid, number, label, words) values (new.rowid, new.number, new.label, new.words); end`.execute(db);
      return;
    }
    // pg_trgm is a trusted extension (PostgreSQL 13+), part of Debian's server package; without it the number
    // search falls back to the full-text prefix alone (the query checks for the index).
    let trigram = true;
    try {
      await sql`savepoint search_trgm`.execute(db);
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`release savepoint search_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint search_trgm`.execute(db).catch(() => undefined);
      trigram = false;
    }
    await sql`create table search_index (
      entity text not null, record_id text not null, number text not null, label text not null, words text not null,
      folded text not null default '', tsv tsvector not null default ''::tsvector, primary key (entity, record_id))`.execute(db);
    // The one fold (db/fold.ts): NFD, combining marks dropped, lower case.
    await sql.raw(`create or replace function erp_search_fold(value text) returns text language sql immutable parallel safe as
      $$ select lower(regexp_replace(normalize(value, NFD), '[\\u0300-\\u036f]', '', 'g')) $$`).execute(db);
    await sql.raw(`create or replace function erp_search_vector() returns trigger language plpgsql as $$
      begin
        new.folded := erp_search_fold(new.number || ' ' || new.label || ' ' || new.words);
        new.tsv := to_tsvector('simple', new.folded);
        return new;
      end $$`).execute(db);
    await sql`create trigger search_index_vector before insert or update on search_index for each row execute function erp_search_vector()`.execute(db);
    // The words of each record, one row each: a word prefix is then a b-tree range read that stops at the LIMIT,
    // where the GIN index on the vector has to gather every match of a short prefix first ("c" of a million rows).
    await sql`create table search_words (word text not null, entity text not null, record_id text not null)`.execute(db);
    await sql`create index ix_search_words_word on search_words (word text_pattern_ops, entity)`.execute(db);
    await sql`create index ix_search_words_record on search_words (entity, record_id)`.execute(db);
    await sql.raw(`create or replace function erp_search_words() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          delete from search_words where entity = old.entity and record_id = old.record_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into search_words (word, entity, record_id)
          select distinct word, new.entity, new.record_id from unnest(tsvector_to_array(new.tsv)) as word;
        end if;
        return null;
      end $$`).execute(db);
    await sql`create trigger search_index_words after insert or update or delete on search_index for each row execute function erp_search_words()`.execute(db);
    // A source table's trigger: arguments entity, key column, number column, name columns (comma list), word columns.
    await sql.raw(`create or replace function erp_search_sync() returns trigger language plpgsql as $$
      declare
        r jsonb;
        num text;
        label text := '';
        words text := '';
        col text;
        i int;
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          delete from search_index where entity = tg_argv[0] and record_id = to_jsonb(old) ->> tg_argv[1];
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          r := to_jsonb(new);
          num := coalesce(r ->> tg_argv[2], '');
          if tg_argv[3] <> '' then
            foreach col in array string_to_array(tg_argv[3], ',') loop
              label := ltrim(label || ' ' || coalesce(r ->> col, ''));
            end loop;
          end if;
          for i in 4 .. tg_nargs - 1 loop
            words := words || ' ' || coalesce(r ->> tg_argv[i], '');
          end loop;
          insert into search_index (entity, record_id, number, label, words)
          values (tg_argv[0], r ->> tg_argv[1], num, rtrim(label), ltrim(num, '${NUMBER_PREFIX}') || words)
          on conflict (entity, record_id) do update set number = excluded.number, label = excluded.label, words = excluded.words;
        end if;
        return null;
      end $$`).execute(db);
    await sql`create index ix_search_index_tsv on search_index using gin (tsv)`.execute(db);
    // In the "C" collation: a prefix LIKE is an index range, and ORDER BY the same expression reads it in order
    // (stops at the LIMIT) where a pattern_ops index would sort every match of a short prefix.
    await sql`create index ix_search_index_number on search_index ((lower(number) collate "C"))`.execute(db);
    if (trigram) await sql.raw(`create index ${TRGM_INDEX} on search_index using gin (lower(number) gin_trgm_ops)`).execute(db);
  },
};

/** Word slots of an index row: `f0` the number (and its digits), `f1`… the name fields then the word fields. */
export const SLOTS = 8;
const SLOT_NAMES = Array.from({ length: SLOTS }, (_, slot) => `f${slot}`);
/** The index layout, part of each entity's recorded signature: a changed layout rebuilds every entity at start. */
const LAYOUT = 'fields-2';

export const m0073_search_fields: Migration = {
  async up(db: SchemaDb) {
    const slots = SLOT_NAMES.join(', ');
    if (!isPostgres(db)) {
      // The FTS5 columns are the slots: a new index (rows rebuilt at start: every signature names the layout).
      for (const name of ['search_index_ai', 'search_index_ad', 'search_index_au']) await sql.raw(`drop trigger if exists ${name}`).execute(db);
      await sql`drop table if exists search_fts`.execute(db);
      await sql`drop table search_index`.execute(db);
      await sql.raw(`create table search_index (
        entity text not null, record_id text not null, number text collate nocase not null, label text not null,
        ${SLOT_NAMES.map((name) => `${name} text not null default ''`).join(', ')}, primary key (entity, record_id))`).execute(db);
      await sql`create index ix_search_index_number on search_index (number collate nocase, entity)`.execute(db);
      await sql.raw(`create virtual table search_fts using fts5(${slots}, content='search_index', content_rowid='rowid',
        tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4')`).execute(db);
      const values = (row: string) => SLOT_NAMES.map((name) => `${row}.${name}`).join(', ');
      await sql.raw(`create trigger search_index_ai after insert on search_index begin
        insert into search_fts(rowid, ${slots}) values (new.rowid, ${values('new')}); end`).execute(db);
      await sql.raw(`create trigger search_index_ad after delete on search_index begin
        insert into search_fts(search_fts, rowid, ${slots}) values ('delete', old.rowid, ${values('old')}); end`).execute(db);
      await sql.raw(`create trigger search_index_au after update on search_index begin
        insert into search_fts(search_fts, rowid, ${slots}) values ('delete', old.rowid, ${values('old')});
        insert into search_fts(rowid, ${slots}) values (new.rowid, ${values('new')}); end`).execute(db);
      return;
    }
    await sql`truncate search_index, search_words`.execute(db);
    await sql`alter table search_index drop column words`.execute(db);
    for (const name of SLOT_NAMES) await sql.raw(`alter table search_index add column ${name} text not null default ''`).execute(db);
    await sql`alter table search_words add column field smallint not null default 0`.execute(db);
    // The slot in the b-tree: a word arm's "readable slots only" is checked on the index entries it reads in order.
    await sql`drop index ix_search_words_word`.execute(db);
    await sql`create index ix_search_words_word on search_words (word text_pattern_ops, entity, field)`.execute(db);
    await sql.raw(`create or replace function erp_search_vector() returns trigger language plpgsql as $$
      begin
        new.folded := erp_search_fold(concat_ws(' ', ${SLOT_NAMES.map((name) => `new.${name}`).join(', ')}));
        new.tsv := to_tsvector('simple', new.folded);
        return new;
      end $$`).execute(db);
    await sql.raw(`create or replace function erp_search_words() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          delete from search_words where entity = old.entity and record_id = old.record_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into search_words (word, entity, record_id, field)
          select distinct word, new.entity, new.record_id, (slot.n - 1)::smallint
          from unnest(array[${SLOT_NAMES.map((name) => `new.${name}`).join(', ')}]) with ordinality as slot(text, n),
            unnest(tsvector_to_array(to_tsvector('simple', erp_search_fold(slot.text)))) as word
          where slot.text <> '';
        end if;
        return null;
      end $$`).execute(db);
    await createSyncFunction(db, (num) => `${num} || ' ' || ltrim(${num}, '${NUMBER_PREFIX}')`);
  },
};

/**
 * PostgreSQL: the function every source table's trigger calls (arguments entity, key column, number column, name
 * columns as a comma list, word columns); `numberSlot` writes the number slot `f0` from the number's expression.
 */
async function createSyncFunction(db: SchemaDb, numberSlot: (num: string) => string): Promise<void> {
  const slots = SLOT_NAMES.join(', ');
    await sql.raw(`create or replace function erp_search_sync() returns trigger language plpgsql as $$
      declare
        r jsonb;
        num text;
        label text := '';
        f text[];
        col text;
        i int;
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          delete from search_index where entity = tg_argv[0] and record_id = to_jsonb(old) ->> tg_argv[1];
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          r := to_jsonb(new);
          num := coalesce(r ->> tg_argv[2], '');
          f := array[${numberSlot('num')}];
          if tg_argv[3] <> '' then
            foreach col in array string_to_array(tg_argv[3], ',') loop
              label := ltrim(label || ' ' || coalesce(r ->> col, ''));
              f := f || coalesce(r ->> col, '');
            end loop;
          end if;
          for i in 4 .. tg_nargs - 1 loop
            f := f || coalesce(r ->> tg_argv[i], '');
          end loop;
          insert into search_index (entity, record_id, number, label, ${slots})
          values (tg_argv[0], r ->> tg_argv[1], num, rtrim(label), ${SLOT_NAMES.map((_, slot) => `coalesce(f[${slot + 1}], '')`).join(', ')})
          on conflict (entity, record_id) do update set number = excluded.number, label = excluded.label,
            ${SLOT_NAMES.map((name) => `${name} = excluded.${name}`).join(', ')};
        end if;
        return null;
      end $$`).execute(db);
}

/**
 * The number slot `f0`: the number, its digits (the letter prefix taken off: "200037" finds PO200037) and those
 * digits without their leading zeros ("312" finds AR000312 — issue 71 item 2: docs/keyboard.md's "digits alone find a
 * number"). The same SQL on both engines.
 */
const numberWords = (num: string) => `${num} || ' ' || ltrim(${num}, ${literal(NUMBER_PREFIX)}) || ' ' || ltrim(ltrim(${num}, ${literal(NUMBER_PREFIX)}), '0')`;

/** `0086_search_number_digits` (migration): PostgreSQL's trigger function writes `numberWords`; SQLite's triggers are rebuilt from LAYOUT. */
export const m0086_search_number_digits: Migration = {
  async up(db: SchemaDb) {
    if (isPostgres(db)) await createSyncFunction(db, numberWords);
  },
};

/** The columns of a searchable definition the index reads. */
export interface SearchSource {
  entity: string;
  table: string;
  key: string;
  number: string;
  /** The name shown: the columns joined by spaces (none: the number alone). */
  label: readonly string[];
  words: readonly string[];
}

function columnOf(def: AnyEntity, field: string): string {
  const found = def.fields[field];
  if (!found || found.type === 'set' || found.type === 'children' || found.virtual) throw new Error(`globalSearch of ${def.name}: ${field} is not a stored field`);
  return found.column;
}

/** The FIELDS the index reads of `def` — number, name, words — (null when it is not searchable). */
export function searchFields(def: AnyEntity): { number: string; label: readonly string[]; words: readonly string[] } | null {
  const spec = def.globalSearch;
  if (!spec) return null;
  const names = spec.name ?? (def.displayField !== def.numberField && def.displayField !== def.key ? [def.displayField] : []);
  return { number: def.numberField, label: names, words: spec.words ?? [] };
}

/** Each field the index reads of `def` → its word slot (`f0` the number, module header). */
export function fieldSlots(def: AnyEntity): Map<string, number> {
  const fields = searchFields(def)!;
  const slots = new Map<string, number>([[fields.number, 0]]);
  [...fields.label, ...fields.words].forEach((field, index) => slots.set(field, index + 1));
  return slots;
}

/** What the index reads of `def` (null when it is not searchable). */
export function searchSource(def: AnyEntity): SearchSource | null {
  const fields = searchFields(def);
  if (!fields) return null;
  if (fields.label.length + fields.words.length > SLOTS - 1) throw new Error(`globalSearch of ${def.name}: at most ${SLOTS - 1} name and word fields`);
  return {
    entity: def.name,
    table: def.table,
    key: columnOf(def, def.key),
    number: columnOf(def, fields.number),
    label: fields.label.map((name) => columnOf(def, name)),
    words: fields.words.map((word) => columnOf(def, word)),
  };
}

/** A trigger name part from an entity name (`ap-invoice` → `ap_invoice`). */
const triggerPart = (entity: string) => entity.replace(/[^a-z0-9]/g, '_');
/** A string literal (entity and column names are plain, checked by defineEntity; quoted anyway). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The index columns a row is written to: entity, key, number, name and the word slots. */
const INDEX_COLUMNS = `entity, record_id, number, label, ${SLOT_NAMES.join(', ')}`;

/** The slots' values: the number and its digits, then each name and word column, '' for the slots left. */
function slotValues(source: SearchSource, number: string, text: (column: string) => string): string {
  const fields = [...source.label, ...source.words].map(text);
  return [numberWords(number), ...fields, ...Array<string>(SLOTS - 1 - fields.length).fill(`''`)].join(', ');
}

function sqliteRow(source: SearchSource, row: 'new' | ''): { values: string; number: string } {
  const at = (column: string) => (row ? `${row}.${column}` : column);
  const number = `coalesce(cast(${at(source.number)} as text), '')`;
  const label = source.label.length === 0 ? `''` : `trim(${source.label.map((column) => `coalesce(${at(column)}, '')`).join(` || ' ' || `)})`;
  const slots = slotValues(source, number, (column) => `coalesce(cast(${at(column)} as text), '')`);
  return { values: `${literal(source.entity)}, cast(${at(source.key)} as text), ${number}, ${label}, ${slots}`, number };
}

async function dropTriggers(db: SchemaDb, entity: string, table: string): Promise<void> {
  const part = triggerPart(entity);
  if (isPostgres(db)) {
    await sql.raw(`drop trigger if exists search_${part} on ${table}`).execute(db);
    return;
  }
  for (const suffix of ['ai', 'au', 'ad']) await sql.raw(`drop trigger if exists search_${part}_${suffix}`).execute(db);
}

async function createTriggers(db: SchemaDb, source: SearchSource): Promise<void> {
  const part = triggerPart(source.entity);
  const columns = [...new Set([source.key, source.number, ...source.label, ...source.words])];
  if (isPostgres(db)) {
    const args = [source.entity, source.key, source.number, source.label.join(','), ...source.words].map(literal).join(', ');
    await sql
      .raw(`create trigger search_${part} after insert or delete or update of ${columns.join(', ')} on ${source.table} for each row execute function erp_search_sync(${args})`)
      .execute(db);
    return;
  }
  const removeOld = `delete from search_index where entity = ${literal(source.entity)} and record_id = cast(old.${source.key} as text);`;
  // An insert first takes away any row of the same key (a table written with INSERT OR REPLACE deletes without triggers).
  const insertNew = `delete from search_index where entity = ${literal(source.entity)} and record_id = cast(new.${source.key} as text);
    insert into search_index (${INDEX_COLUMNS}) values (${sqliteRow(source, 'new').values});`;
  await sql.raw(`create trigger search_${part}_ai after insert on ${source.table} begin ${insertNew} end`).execute(db);
  await sql.raw(`create trigger search_${part}_au after update of ${columns.join(', ')} on ${source.table} begin ${removeOld} ${insertNew} end`).execute(db);
  await sql.raw(`create trigger search_${part}_ad after delete on ${source.table} begin ${removeOld} end`).execute(db);
}

/** Rebuilds the index rows of one source from its table. */
async function rebuild(db: SchemaDb, source: SearchSource): Promise<void> {
  await sql`delete from search_index where entity = ${source.entity}`.execute(db);
  if (isPostgres(db)) {
    const number = `coalesce(${source.number}::text, '')`;
    const label = source.label.length === 0 ? `''` : `trim(concat_ws(' ', ${source.label.map((column) => `coalesce(${column}::text, '')`).join(', ')}))`;
    const slots = slotValues(source, number, (column) => `coalesce(${column}::text, '')`);
    await sql.raw(`insert into search_index (${INDEX_COLUMNS}) select ${literal(source.entity)}, ${source.key}::text, ${number}, ${label}, ${slots} from ${source.table}`).execute(db);
    return;
  }
  await sql.raw(`insert into search_index (${INDEX_COLUMNS}) select ${sqliteRow(source, '').values} from ${source.table}`).execute(db);
}

/** Brings the triggers and rows of every searchable definition in line with its declaration (module header). */
export async function syncSearchIndex<D>(typed: Kysely<D>, definitions: readonly AnyEntity[]): Promise<void> {
  const db = schemaView(typed);
  const recorded = new Map((await db.selectFrom('search_sources').select(['entity', 'signature']).execute()).map((row) => [String(row.entity), String(row.signature)]));
  const wanted = new Map<string, SearchSource>();
  for (const def of definitions) {
    const source = searchSource(def);
    if (source) wanted.set(source.entity, source);
  }
  for (const [entity, signature] of recorded) {
    if (wanted.has(entity)) continue;
    await db.transaction().execute(async (trx) => {
      await dropTriggers(trx, entity, (JSON.parse(signature) as SearchSource).table);
      await sql`delete from search_index where entity = ${entity}`.execute(trx);
      await trx.deleteFrom('search_sources').where('entity', '=', entity).execute();
    });
  }
  for (const [entity, source] of wanted) {
    const signature = JSON.stringify({ ...source, layout: LAYOUT });
    if (recorded.get(entity) === signature) continue;
    await db.transaction().execute(async (trx) => {
      const old = recorded.get(entity);
      if (old) await dropTriggers(trx, entity, (JSON.parse(old) as SearchSource).table);
      await createTriggers(trx, source);
      await rebuild(trx, source);
      await trx.deleteFrom('search_sources').where('entity', '=', entity).execute();
      await trx.insertInto('search_sources').values({ entity, signature }).execute();
    });
  }
}
