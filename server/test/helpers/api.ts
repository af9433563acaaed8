/**
 * What most API tests set up the same way: a test server with signed-in users, the JSON calls of one of
 * them, and the database beside the server.
 *
 * A test file keeps `server` and its tokens in `let`s its `beforeAll` fills, so the calls take getters and
 * read them when they run:
 *
 *   let server: TestServer;
 *   let admin: string;
 *   const { get, post, created } = apiAs(() => server, () => admin);
 *   beforeAll(async () => ({ server, tokens: { admin } } = await signedInServer('admin')));
 */
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { add, type Decimal } from '@erp/shared/decimal';
import { decimalFromDb } from '../../src/db/decimal-codec.ts';
import { signIn, startServer, type TestServer } from './app.ts';
import { call } from './entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A CallResult answer's body. */
export const json = (response: { json(): unknown }) => response.json() as Json;

/** A fresh test server and the access tokens of `users`, each signed in with its name as its password (the seed's demo users). */
export async function signedInServer<User extends string>(...users: User[]): Promise<{ server: TestServer; tokens: Record<User, string> }> {
  const server = await startServer();
  const tokens = {} as Record<User, string>;
  for (const user of users) tokens[user] = (await signIn(server.app, user, user)).access_token;
  return { server, tokens };
}

/** The JSON calls of the user whose token `token` answers, on the server `server` answers. */
export function apiAs(server: () => TestServer, token: () => string) {
  const post = (url: string, body: unknown) => call(server().app, 'POST', url, token(), body);
  const get = (url: string) => call(server().app, 'GET', url, token());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = () => server().app.erp.database.db as any; // untyped: the tests read any table they please
  const engine = () => server().app.erp.database.engine;
  const money = (raw: unknown) => decimalFromDb(engine(), raw, 2)!;
  /** Runs the generic action `name` on the record `id` of `entity` (at `version`): the raw answer. */
  const action = (entity: string, id: unknown, version: unknown, name: string) => post(`/api/data/${entity}/${id}/actions/${name}`, { Version: version });
  return {
    get,
    post,
    put: (url: string, body: unknown) => call(server().app, 'PUT', url, token(), body),
    del: (url: string) => call(server().app, 'DELETE', url, token()),
    json,
    db,
    engine,
    action,
    /** POSTs `body` to `url`, expects 201 and answers the created record. */
    async created(url: string, body: Json): Promise<Json> {
      const response = await post(url, body);
      expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
      return json(response).Data;
    },
    /** Runs the action `name` on `record` (its key in `key`), expects 200 and answers the record read again. */
    async done(entity: string, record: Json, key: string, name: string): Promise<Json> {
      const response = await action(entity, record[key], record.Version, name);
      expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
      return json(await get(`/api/data/${entity}/${record[key]}`)).Data;
    },
    /** Σ of an account's ledger entries (debits +), optionally up to a date. */
    async accountBalance(accountId: string, upTo?: string): Promise<Decimal> {
      let query = db().selectFrom('gl_entries').select('amount').where('account_id', '=', accountId);
      if (upTo) query = query.where('entry_date', '<=', upTo);
      const rows: { amount: unknown }[] = await query.execute();
      return rows.reduce((total: Decimal, row) => add(total, money(row.amount)), '0.00');
    },
    /**
     * A document's ledger entries, account → amount: all of them, or (`reversals` false) the original posting
     * only, or (true) its reversal only.
     */
    async journal(documentNo: string, reversals?: boolean): Promise<Record<string, Decimal>> {
      let query = db().selectFrom('gl_entries').select(['account_id', 'amount']).where('document_no', '=', documentNo);
      if (reversals !== undefined) query = query.where('reversal_of', reversals ? 'is not' : 'is', null);
      const out: Record<string, Decimal> = {};
      for (const row of (await query.execute()) as { account_id: string; amount: unknown }[]) out[row.account_id] = add(out[row.account_id] ?? '0.00', money(row.amount));
      return out;
    },
    /** A document's ledger entries by account, after checking they balance (debits = credits). */
    async balancedEntries(documentNo: string): Promise<Map<string, Decimal>> {
      const rows = (await db().selectFrom('gl_entries').select(['account_id', 'amount']).where('document_no', '=', documentNo).execute()) as { account_id: unknown; amount: unknown }[];
      const byAccount = new Map<string, Decimal>();
      for (const row of rows) byAccount.set(String(row.account_id), add(byAccount.get(String(row.account_id)) ?? '0.00', money(row.amount)));
      expect(rows.reduce((sum: Decimal, row) => add(sum, money(row.amount)), '0.00')).toBe('0.00');
      return byAccount;
    },
  };
}

/** Runs `action` with `user`'s language set to `language`, then sets it back to en-CA. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function inLanguage<T>(db: Kysely<any>, language: string, action: () => Promise<T>, user = 'admin'): Promise<T> {
  await db.updateTable('users').set({ language }).where('user_id', '=', user).execute();
  try {
    return await action();
  } finally {
    await db.updateTable('users').set({ language: 'en-CA' }).where('user_id', '=', user).execute();
  }
}
