/**
 * Webhook rules (issue 72 item 3; the entities: modules/shell/definitions/webhook.ts, the engine:
 * server/src/webhooks/):
 * - a subscription's `Events` must each be an event of a known entity (`E.created|changed|deleted|status_changed`,
 *   `E.*`) or `*`; its `Secret` (`whsec_…`) is made on create and when `NewSecret` is given; its owner is its
 *   creator, whose rights the deliveries carry;
 * - a delivery is written by the server only (no create; no state allows an edit or a delete); `replay` queues it
 *   again, due now, with the same message id and body (a withheld one's body is made again: rights may have changed).
 */
import type { EntityHooks } from '@erp/server/entities/hooks';
import { entityByName } from '@erp/shared/entities/index';
import { parseEvents } from '@erp/server/webhooks/outbox';
import { newWebhookSecret } from '@erp/server/webhooks/sign';

export const webhookSubscriptionHooks: EntityHooks = {
  async validate(_ctx, change) {
    const events = parseEvents(String(change.next['Events'] ?? ''));
    const unknown = events?.find((event) => event.entity !== '*' && !entityByName(event.entity));
    if (events === null || events.length === 0) return [{ field: 'Events', key: 'entities:webhook-subscription.rules.events' }];
    if (unknown) return [{ field: 'Events', key: 'entities:webhook-subscription.rules.entity', params: { entity: unknown.entity } }];
    return [];
  },

  async prepare(ctx, change) {
    const extra: Record<string, unknown> = {};
    if (change.mode === 'create') extra['owner_id'] = ctx.user.userId;
    if (change.mode === 'create' || change.value['NewSecret'] === true) extra['secret'] = newWebhookSecret();
    // Turned on again by an administrator: the reason it was turned off no longer holds.
    if (change.changed.has('IsActive') && change.next['IsActive'] === true) extra['disabled_reason'] = null;
    return extra;
  },
};

export const webhookDeliveryHooks: EntityHooks = {
  async validate(_ctx, change) {
    return change.mode === 'create' ? [{ field: 'DeliveryId', key: 'entities:webhook-delivery.rules.serverOnly' }] : [];
  },

  actions: {
    replay: {
      async effect(_ctx, run) {
        const set: Record<string, unknown> = { Status: 'Pending', NextAttemptOn: run.now, QueuedOn: run.now, ClaimedBy: null, ClaimedUntil: null };
        if (run.record['Status'] === 'Withheld') set['Payload'] = null;
        return { set, messageKey: 'entities:webhook-delivery.result.replayed', messageParams: { delivery: run.record['MessageId'] } };
      },
    },
  },
};
