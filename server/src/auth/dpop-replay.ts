/**
 * The DPoP replay cache (RFC 9449 §11.1) in the database (issue 22 item 12): a proof's `jti` is remembered for the
 * proof's lifetime in `dpop_replay` (migration 0013_dpop_replay), so neither a restart nor another server on the
 * same database accepts it again. Remembering is one INSERT that does nothing when the key is there: the
 * primary key decides, so two parallel requests with one proof cannot both pass. Expired rows are deleted
 * at most once a minute, by whichever request comes then.
 *
 * Contract: `databaseReplayStore(db)` answers a `ReplayStore` for `createDpopVerifier({ replay })`:
 * `remember(key, untilMs)` resolves true when `key` was not live yet (and is now), false for a replay.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface ReplayStore {
  remember(key: string, untilMs: number, nowMs: number): Promise<boolean>;
}

const SWEEP_EVERY_MS = 60_000;

export function databaseReplayStore(db: Kysely<DB>): ReplayStore {
  let lastSweep = 0;
  return {
    async remember(key, untilMs, nowMs) {
      if (nowMs - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = nowMs;
        await db.deleteFrom('dpop_replay').where('expires_at', '<=', nowMs).execute();
      }
      // A fixed length whatever the jti's (up to 256 characters).
      const proofKey = createHash('sha256').update(key, 'utf8').digest('base64url');
      const inserted = await db
        .insertInto('dpop_replay')
        .values({ proof_key: proofKey, expires_at: untilMs })
        .onConflict((conflict) => conflict.column('proof_key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      // Still there after its lifetime (not swept yet): the proof itself can no longer be fresh, so a new
      // proof reusing the jti may take the row over.
      const taken = await db
        .updateTable('dpop_replay')
        .set({ expires_at: untilMs })
        .where('proof_key', '=', proofKey)
        .where('expires_at', '<=', nowMs)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
  };
}
