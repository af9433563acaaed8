/**
 * oidc-provider storage adapter on the server database (`oidc_payloads` table).
 *
 * Every provider model — Session, Interaction, Grant, AuthorizationCode, AccessToken, RefreshToken … —
 * is one row keyed by (kind, id), its payload as JSON text. Sessions and grants therefore survive a
 * restart, and several server processes can share one PostgreSQL database.
 *
 * Contract (oidc-provider's Adapter interface): `find*` answer undefined for missing or expired rows;
 * `consume` marks a row used (the provider then refuses a replayed code or refresh token — and revokes the
 * whole grant of a replayed refresh token); `revokeByGrantId` deletes this model's rows of one grant;
 * `destroy` deletes one row.
 *
 * Refresh-token reuse interval: the provider rotates the refresh token of the shell's public client on every
 * use. A browser tab closed (or reloaded) after the provider rotated its token but before the answer was
 * stored leaves the browser holding the old token, and its next renewal would be taken for a replay and end
 * the user's sign-in. For `refreshTokenReuseSeconds` after its first use, a rotated refresh token is
 * therefore answered as unused (it rotates again, into another token of the same grant); a replay after
 * that is refused as before. Other providers call this the reuse interval or grace period.
 */
import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DB } from '../db/schema.ts';

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** Builds the adapter factory oidc-provider calls once per model name. */
export interface AdapterOptions {
  /** Seconds a consumed refresh token is still answered as unused (0: never). */
  refreshTokenReuseSeconds?: number;
}

export function kyselyAdapterFactory(db: Kysely<DB>, options: AdapterOptions = {}): (name: string) => Adapter {
  return (name: string) =>
    new KyselyAdapter(db, name, name === 'RefreshToken' ? (options.refreshTokenReuseSeconds ?? 0) : 0);
}

export class KyselyAdapter implements Adapter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kind: string,
    /** See the reuse interval above; 0 for every model but RefreshToken. */
    private readonly reuseSeconds = 0,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: typeof expiresIn === 'number' ? iso(Date.now() + expiresIn * 1000) : null,
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ kind: this.kind, id, ...row })
      .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet(row))
      .execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where('kind', '=', this.kind)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', iso(Date.now()))]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // The provider expects `consumed` as a truthy value (epoch seconds) on used codes and tokens.
    if (row.consumed_at) {
      const consumedAt = Date.parse(row.consumed_at);
      if (Date.now() - consumedAt >= this.reuseSeconds * 1000) payload.consumed = Math.floor(consumedAt / 1000);
    }
    return payload;
  }

  find(id: string) {
    return this.findWhere('id', id);
  }

  findByUid(uid: string) {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string) {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: iso(Date.now()) })
      .where('kind', '=', this.kind)
      .where('id', '=', id)
      // The first use counts: using a token again within the reuse interval does not extend it.
      .where('consumed_at', 'is', null)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('kind', '=', this.kind).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where('kind', '=', this.kind)
      .where('grant_id', '=', grantId)
      .execute();
  }
}

/** Deletes expired rows; run now and then so the table does not grow without bound. */
export async function sweepExpiredPayloads(db: Kysely<DB>): Promise<number> {
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<', iso(Date.now())).executeTakeFirst();
  return Number(result.numDeletedRows);
}
