/**
 * Race fixtures of the shell module (server/test/race.test.ts, helpers/race.ts): a webhook delivery is written by
 * the server only (the outbox, at a change's commit), so the replay's fixture writes a failed one as the worker
 * would leave it, for a subscription made through the API whose events match nothing (a delivery is never created through the
 * entity service: no other delivery follows).
 */
import { createRecord, type RaceFixtures } from '../../../server/test/helpers/race.ts';

export const raceFixtures: RaceFixtures = {
  processes: {},
  actions: {
    'webhook-delivery replay': async (api) => {
      const subscription = await createRecord(api, 'webhook-subscription', { Url: 'http://127.0.0.1:9/race', Events: 'webhook-delivery.created' });
      const now = new Date().toISOString();
      const inserted = (await api.db
        .insertInto('webhook_deliveries')
        .values({
          subscription_id: Number(subscription.SubscriptionId),
          message_id: `msg_race_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`,
          event_type: 'firm.changed',
          entity: 'firm',
          record_id: 'B100',
          changed_by: 'admin',
          occurred_on: now,
          queued_on: now,
          status: 'Failed',
          attempts: 3,
          last_status_code: 500,
          created_by: 'system',
          created_on: now,
          updated_by: 'system',
          updated_on: now,
          version: 1,
        })
        .returning('delivery_id')
        .executeTakeFirstOrThrow()) as { delivery_id: number };
      return inserted.delivery_id;
    },
  },
};
