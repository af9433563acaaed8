/**
 * The portal's server messages in English, from the module's `locales/en-CA/portal.json` (section `server`), with the
 * defaults below when the file or a key is missing. Answers carry the English Message and a ResultCode;
 * the browser shows its own translation for the codes it knows and the Message otherwise.
 */
import { readFileSync } from 'node:fs';

const DEFAULTS = {
  notFound: 'Not Found',
  accountNotFound: 'This account cannot be found or is not available to you.',
  onHold: 'Account {{billToId}} is on hold: orders cannot be placed. Please contact your sales representative.',
  accountChanged: 'The selected account has changed. Review your cart and try again.',
  emptyOrder: 'The order has no lines.',
  unknownProduct: 'Product {{productId}} is not available for this account.',
  idempotencyConflict: 'This Idempotency-Key was already used for a different order. Reload the cart and submit again.',
  idempotencyMissing: 'An Idempotency-Key header (8 to 100 letters, digits or dashes) is required.',
  shipToNotFound: 'This ship-to cannot be found or is not available to you.',
  submitted: 'Order {{orderNo}} was submitted.',
  deliveryDatePast: 'The delivery date is in the past. Choose today or a later date.',
  switched: 'Account switched.',
  noRecords: 'No records found.',
  ok: 'OK',
};

export type MessageKey = keyof typeof DEFAULTS;

function load(): Record<string, string> {
  try {
    const json = JSON.parse(readFileSync(new URL('../locales/en-CA/portal.json', import.meta.url), 'utf8')) as { server?: Record<string, string> };
    return json.server ?? {};
  } catch {
    return {};
  }
}

const english = load();

export function portalMessage(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = english[key] ?? DEFAULTS[key];
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
