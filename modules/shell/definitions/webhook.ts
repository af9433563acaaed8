/**
 * Webhooks (issue 72 item 3): an administrator subscribes a URL to record events (`webhook-subscription`,
 * /shell/webhooks) and reads every delivery, with a replay, in the log (`webhook-delivery`, /shell/webhook-deliveries).
 *
 * Events, per entity E (its definition name): `E.created`, `E.changed`, `E.deleted`, and `E.status_changed` for a
 * document whose state moves (an order's status, a document posted). A subscription's `Events` lists them, comma
 * separated; `E.*` is every event of E, `*` every event of every entity. The server writes one delivery per change
 * and subscription in the transaction of the change (server/src/webhooks/outbox.ts) and sends it, signed per the
 * Standard Webhooks specification with the subscription's `Secret` (`whsec_<base64>`), from its worker
 * (server/src/webhooks/worker.ts); the payload holds the record as the subscription's owner may read it (§6).
 *
 * A delivery is written by the server only: its state moves Pending → Delivered / Failed / Withheld (the owner may
 * not read the record) and back to Pending by the Replay action. A subscription whose delivery fails for 24 hours
 * is deactivated and its owner told by e-mail.
 */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const webhookSubscription = defineEntity({
  name: 'webhook-subscription',
  table: 'webhook_subscriptions',
  key: 'SubscriptionId',
  keyKind: 'auto',
  application: 'SHELL',
  routes: ['/shell/webhooks'],
  fields: {
    SubscriptionId: { type: 'integer', readOnly: true },
    Url: { type: 'text', required: true, maxLength: 2000, pattern: 'https?://\\S+', patternKey: 'entities:webhook-subscription.rules.url' },
    Description: { type: 'text', maxLength: 200 },
    Events: { type: 'text', required: true, maxLength: 2000, helpKey: 'entities:webhook-subscription.help.events' },
    /** `whsec_<base64>`: made by the server when the subscription is created (or `NewSecret` is given). */
    Secret: { type: 'text', readOnly: true, maxLength: 100, audit: 'mask' },
    NewSecret: { type: 'boolean', writeOnly: true, virtual: true },
    /** The administrator whose rights the deliveries have and who is told of a deactivation: who created it. */
    OwnerId: { type: 'lookup', entity: 'user', readOnly: true },
    IsActive: { type: 'boolean', defaultValue: true },
    /** Why the server deactivated it (the failing delivery's last answer). */
    DisabledReason: { type: 'text', readOnly: true, maxLength: 500 },
  },
  listColumns: ['SubscriptionId', 'Url', 'Events', 'OwnerId', 'IsActive'],
  defaultSort: [{ field: 'SubscriptionId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['Url', 'Description', 'Events'],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Url',
  attachments: false,
  formLayout: {
    sections: [{ rows: [['Url'], ['Description'], ['Events'], ['Secret', 'NewSecret'], ['OwnerId', 'IsActive'], ['DisabledReason']] }],
  },
});

export const DELIVERY_STATES = ['Pending', 'Delivered', 'Failed', 'Withheld'] as const;

const state = (value: string) => ({ value, labelKey: `entities:webhook-delivery.states.${value}` });

export const webhookDelivery = defineEntity({
  name: 'webhook-delivery',
  table: 'webhook_deliveries',
  key: 'DeliveryId',
  keyKind: 'auto',
  // The number a receiver knows it by: its `webhook-id` header.
  numberField: 'MessageId',
  application: 'SHELL',
  // Its screen is a document screen (the Replay button): modules/shell/screens/index.ts `WebhookDeliveries`.
  screen: '/shell/webhook-deliveries',
  fields: {
    DeliveryId: { type: 'integer', readOnly: true },
    SubscriptionId: { type: 'lookup', entity: 'webhook-subscription', valueType: 'integer', readOnly: true },
    /** The `webhook-id` header: the same on every attempt and replay (receivers drop a second one). */
    MessageId: { type: 'text', readOnly: true, maxLength: 64 },
    EventType: { type: 'text', readOnly: true, maxLength: 120 },
    Entity: { type: 'text', readOnly: true, maxLength: 64 },
    RecordId: { type: 'text', readOnly: true, maxLength: 200 },
    /** The state the change left a document in (`status_changed`). */
    RecordStatus: { type: 'text', readOnly: true, maxLength: 64 },
    ChangedBy: { type: 'text', readOnly: true, maxLength: 64 },
    OccurredOn: { type: 'datetime', readOnly: true },
    /** When it was last queued (the change, or a replay): it is tried for WEBHOOK_RETRY_SECONDS from then. */
    QueuedOn: { type: 'datetime', readOnly: true },
    Status: { type: 'enum', options: DELIVERY_STATES.map(state), readOnly: true, defaultValue: 'Pending' },
    Attempts: { type: 'integer', readOnly: true, defaultValue: 0 },
    NextAttemptOn: { type: 'datetime', readOnly: true },
    LastAttemptOn: { type: 'datetime', readOnly: true },
    /** The receiver's HTTP status of the last attempt (0: no answer). */
    LastStatusCode: { type: 'integer', readOnly: true },
    LastError: { type: 'text', readOnly: true, maxLength: 500 },
    DeliveredOn: { type: 'datetime', readOnly: true },
    /** The body sent (JSON), fixed at the first attempt. */
    Payload: { type: 'text', readOnly: true, format: 'multiline', maxLength: 1_000_000 },
    /** The worker's claim: which instance sends it, until when (server/src/webhooks/worker.ts). */
    ClaimedBy: { type: 'text', readOnly: true, internal: true, maxLength: 120, widget: 'none' },
    ClaimedUntil: { type: 'datetime', readOnly: true, internal: true, widget: 'none' },
  },
  listColumns: ['DeliveryId', 'SubscriptionId', 'EventType', 'RecordId', 'OccurredOn', 'Status', 'Attempts', 'LastStatusCode'],
  defaultSort: [{ field: 'DeliveryId', descending: true }],
  filters: [
    { field: 'SubscriptionId', op: 'eq' },
    { field: 'Status', op: 'eq' },
    { field: 'EventType', op: 'startsWith' },
  ],
  indexes: [['Status', 'NextAttemptOn'], ['SubscriptionId', 'Entity', 'RecordId']],
  search: ['EventType', 'RecordId', 'MessageId'],
  roles: ADMIN_ONLY,
  displayField: 'MessageId',
  attachments: false,
  states: {
    field: 'Status',
    initial: 'Pending',
    editable: [],
    deletable: [],
    // The server decides what follows (`to: null`): the replay queues it (Pending), the worker sends it.
    transitions: [{ action: 'replay', labelKey: 'entities:webhook-delivery.actions.replay', from: ['Delivered', 'Failed', 'Withheld'], to: null, primary: true }],
  },
  formLayout: {
    sections: [
      {
        rows: [
          ['DeliveryId', 'SubscriptionId'],
          ['MessageId', 'EventType'],
          ['Entity', 'RecordId', 'RecordStatus'],
          ['ChangedBy', 'OccurredOn'],
          ['Status', 'Attempts'],
          ['LastAttemptOn', 'NextAttemptOn', 'DeliveredOn'],
          ['LastStatusCode', 'LastError'],
          ['Payload'],
        ],
      },
    ],
  },
});
