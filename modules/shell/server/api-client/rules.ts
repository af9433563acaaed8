/**
 * API client rules (issue 72 item 2; the entity: modules/shell/definitions/api-client.ts):
 * - the client's service user: the users row of the same id, written in the save's transaction before the roles
 *   and customers (their link tables refer to it) — display name = the client's Name (what the §3 trail shows),
 *   active with the client, restricted to its assigned customers as it is; no password can sign it in (its hash is
 *   the marker SERVICE_USER_HASH, which no password verifies). A new client cannot take the id of a person's user;
 *   deleting a client deactivates its service user and keeps it, so the trail still names the client;
 * - the secret: made on create (secret methods) and when `NewSecret` is given, stored hashed (server/src/oidc/
 *   api-clients.ts), answered once as `ClientSecret` in the save's answer, and only its change is audited;
 * - `private_key_jwt` needs PublicJwk: one public JWK (RSA, EC or OKP) without any private member.
 */
import { hashClientSecret, newClientSecret } from '@erp/server/oidc/api-clients';
import type { Transaction } from 'kysely';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { shellDb, type ShellDatabase } from '../tables.generated.ts';

/** The password hash of a service user: not a scrypt hash, so no password verifies (auth/password.ts). */
export const SERVICE_USER_HASH = '!api-client';

/** Secrets made by a save, answered by that save's read of the record (once), then forgotten. */
const fresh = new Map<string, { secret: string; until: number }>();
const FRESH_MS = 60_000;

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'];

function isPublicJwk(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) return false;
  const record = jwk as Record<string, unknown>;
  return ['RSA', 'EC', 'OKP'].includes(String(record['kty'])) && !PRIVATE_MEMBERS.some((member) => member in record);
}

const flag = (value: unknown): 0 | 1 => (value === true || value === 1 ? 1 : 0);

async function writeServiceUser(trx: Transaction<ShellDatabase>, id: string, next: Record<string, unknown>, by: string, create: boolean): Promise<void> {
  const now = new Date().toISOString();
  const values = {
    display_name: String(next['Name']),
    is_active: flag(next['IsActive']),
    restricted_to_customers: flag(next['RestrictedToAssignedCustomers']),
    updated_by: by,
    updated_on: now,
  };
  const existing = await trx.selectFrom('users').select(['version']).where('user_id', '=', id).executeTakeFirst();
  if (existing) {
    await trx.updateTable('users').set({ ...values, version: Number(existing.version) + 1 }).where('user_id', '=', id).execute();
    return;
  }
  if (!create) return;
  await trx
    .insertInto('users')
    .values({ ...values, user_id: id, password_hash: SERVICE_USER_HASH, email: '', domain: '', show_menus: 0, css_files: '[]', created_by: by, created_on: now, version: 1 })
    .execute();
}

export const apiClientHooks: EntityHooks = {
  async validate(ctx, change) {
    const issues = [];
    if (change.mode === 'create') {
      const user = await ctx.db.selectFrom('users').select(['password_hash']).where('user_id', '=', String(change.next['ClientId'])).executeTakeFirst();
      if (user && user.password_hash !== SERVICE_USER_HASH) issues.push({ field: 'ClientId', key: 'entities:api-client.rules.userExists' });
    }
    if (change.next['AuthMethod'] === 'private_key_jwt' && !isPublicJwk(change.next['PublicJwk'])) {
      issues.push({ field: 'PublicJwk', key: 'entities:api-client.rules.publicJwk' });
    }
    return issues;
  },

  async prepare(_ctx, change) {
    const wantsSecret = change.next['AuthMethod'] !== 'private_key_jwt' && (change.mode === 'create' || change.value['NewSecret'] === true || change.changed.has('AuthMethod'));
    if (!wantsSecret) return {};
    const secret = newClientSecret();
    fresh.set(String(change.next['ClientId']), { secret, until: Date.now() + FRESH_MS });
    return { secret_hash: hashClientSecret(secret) };
  },

  async beforeWrite(ctx, trx, change) {
    await writeServiceUser(shellDb(trx), String(change.next['ClientId']), change.next, ctx.user.userId, change.mode === 'create');
  },

  async afterWrite(_ctx, _trx, change) {
    if (!fresh.has(String(change.id))) return [];
    return [{ table: 'api_clients', idName: 'client_id', idValue: change.id, column: 'secret_hash', old: null, new: null, action: change.mode === 'create' ? 'insert' : 'update' }];
  },

  async readVirtual(_ctx, record) {
    const id = String(record['ClientId']);
    const made = fresh.get(id);
    fresh.delete(id);
    return { ClientSecret: made && made.until > Date.now() ? made.secret : null };
  },

  async onDelete(ctx, trx, record) {
    const id = String(record['ClientId']);
    await shellDb(trx).updateTable('users').set({ is_active: 0, updated_by: ctx.user.userId, updated_on: new Date().toISOString() }).where('user_id', '=', id).where('password_hash', '=', SERVICE_USER_HASH).execute();
    return [];
  },
};
