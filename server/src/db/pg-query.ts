/**
 * A named statement's run on a pg connection, cheaper per call than `client.query({ name, text, values })` (issue 74,
 * "make a request cost what it must"); used by db/prepared.ts for every statement it names.
 *
 * Contract:
 * - `runNamed(client, name, text, values, shapes)` answers what `client.query({ name, text, values })` answers (the
 *   same pg Result: rows, rowCount, command, fields), the rows with the same keys, in the same order, and the same
 *   values (each column through the connection's type parser; null stays null).
 * - Cheaper because: pg copies a query config's every property descriptor (`cloneQueryConfig`); here the query is
 *   built from its text and values, then named. And pg works out a statement's row layout from its description on
 *   every call (a null-prototype template per call, copied per row: slow on both counts); here the layout of a
 *   named statement is kept in `shapes` (per connection, by statement name: the caller drops a name it forgets) and
 *   reused while the description the server sends matches it column for column (name, type, format) — a changed
 *   description (a `select *` after a column was added) makes a new layout.
 * - A description this cannot read as pg does (a binary column, a column called `__proto__`) is left to pg.
 */
import pg from 'pg';

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

type Parser = (raw: string) => unknown;

/** The parts of pg's Result and Query this reads and sets (pg 8's own, untyped by @types/pg). */
interface ResultInternals {
  fields: FieldDescription[];
  _parsers: Parser[] | undefined;
  _types: { getTypeParser(oid: number, format: string): Parser } | undefined;
  command: string | null;
  rowAsArray: boolean;
  parseRow(values: (string | null)[]): unknown;
}
interface QueryInternals {
  _result: ResultInternals;
  _checkForMultirow(): void;
  _accumulateRows: unknown;
  callback: ((error: Error | null, result?: pg.QueryResult) => void) | undefined;
  name: string | undefined;
}

/** The row layout of one statement (module header). */
export interface RowShape {
  fields: readonly FieldDescription[];
  parsers: Parser[];
  names: string[];
  /** A row with every column null, in the description's order (copied per row: a fast-mode object). */
  template: Record<string, null>;
}

function sameFields(kept: readonly FieldDescription[], fields: readonly FieldDescription[]): boolean {
  if (kept.length !== fields.length) return false;
  for (let i = 0; i < fields.length; i++) {
    const a = kept[i]!;
    const b = fields[i]!;
    if (a.name !== b.name || a.dataTypeID !== b.dataTypeID || (a.format || 'text') !== (b.format || 'text')) return false;
  }
  return true;
}

function shapeOf(result: ResultInternals, fields: readonly FieldDescription[]): RowShape | null {
  const template: Record<string, null> = {};
  const parsers: Parser[] = [];
  for (const field of fields) {
    if ((field.format || 'text') !== 'text' || field.name === '__proto__') return null;
    template[field.name] = null;
    parsers.push(result._types ? result._types.getTypeParser(field.dataTypeID, 'text') : (pg.types.getTypeParser(field.dataTypeID, 'text') as Parser));
  }
  return { fields: [...fields], parsers, names: fields.map((field) => field.name), template };
}

/** A row of `shape` from the column texts of a DataRow message. */
function rowOf(shape: RowShape, values: (string | null)[]): Record<string, unknown> {
  const row: Record<string, unknown> = { ...shape.template };
  const { names, parsers } = shape;
  for (let i = 0; i < values.length; i++) {
    const raw = values[i]!;
    row[names[i]!] = raw === null ? null : parsers[i]!(raw);
  }
  return row;
}

class NamedQuery extends pg.Query {
  constructor(
    text: string,
    values: unknown[],
    private readonly shapes: Map<string, RowShape>,
  ) {
    // Text and values as such: pg copies a config object's property descriptors (module header).
    super(text, values);
  }

  /** pg's own, with the statement's kept layout (module header). */
  handleRowDescription(message: { fields: FieldDescription[] }): void {
    const self = this as unknown as QueryInternals;
    self._checkForMultirow();
    const result = self._result;
    const name = self.name!;
    let shape = this.shapes.get(name);
    if (!shape || !sameFields(shape.fields, message.fields)) {
      const made = result.rowAsArray ? null : shapeOf(result, message.fields);
      if (made) this.shapes.set(name, (shape = made));
      else {
        this.shapes.delete(name);
        shape = undefined;
      }
    }
    if (shape) {
      const kept = shape;
      result.fields = message.fields;
      result._parsers = kept.parsers;
      result.parseRow = (values) => rowOf(kept, values);
    } else {
      (pg.Query.prototype as unknown as { handleRowDescription(message: unknown): void }).handleRowDescription.call(this, message);
      return;
    }
    // As pg: rows are kept unless someone reads them as they come (no callback here is never the case).
    self._accumulateRows = self.callback || this.listeners('row').length === 0;
  }
}

/** `client.query({ name, text, values })`, cheaper (module header). */
export function runNamed(client: pg.ClientBase, name: string, text: string, values: unknown[], shapes: Map<string, RowShape>): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new NamedQuery(text, values, shapes);
    const internals = query as unknown as QueryInternals;
    internals.name = name;
    internals.callback = (error, result) => {
      if (error) {
        // As pg's own promise: the stack of the caller, not of the socket's read.
        Error.captureStackTrace(error);
        reject(error);
      } else resolve(result!);
    };
    client.query(query);
  });
}
