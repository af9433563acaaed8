/**
 * The order the order-details page shows (§2: /portal/orderdetails "receives props"). My Orders and the
 * cart put the order here and navigate; the page also accepts the order in its route Props
 * (`{"order": {...}}` or `{"OrderKey": n}`). The key is kept in sessionStorage so a reload of the page shows
 * the same order (read again from the server, which checks it against the caller's securables).
 */
import { BehaviorSubject } from 'rxjs';
import { bus } from '@erp/shared';
import type { Order } from './portal-api.ts';

const STORAGE_KEY = 'erp.portal.order';

function storedKey(): number | null {
  try {
    const value = Number(globalThis.sessionStorage?.getItem(STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export const selectedOrder$ = new BehaviorSubject<{ OrderKey: number; order: Order | null } | null>(
  storedKey() ? { OrderKey: storedKey()!, order: null } : null,
);

export const ORDER_DETAILS_PATH = '/portal/orderdetails';

/** Shows the order of `key` on the details page (`order`: what the caller already has of it). */
export function selectOrder(key: number, order: Order | null = null): void {
  selectedOrder$.next({ OrderKey: key, order });
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, String(key));
  } catch {
    // not remembered across reloads
  }
}

export function openOrderDetails(order: Order): void {
  selectOrder(order.OrderKey, order);
  bus.navigate$.next(ORDER_DETAILS_PATH);
}
