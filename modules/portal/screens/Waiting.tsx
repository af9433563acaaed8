/**
 * Issue 69 item 4: the orders placed offline (offline-store.ts outbox), on the Cart and My Orders — each "Waiting
 * to send" with its date, lines and total until the connection returns, then, once the server took it, the order
 * with its number (a link to its page). One the server refused shows why and can be removed.
 */
import { useEffect, useState } from 'react';
import { useBusValue } from '@erp/ui';
import { displayDate, money, usePortalText } from './common.tsx';
import { openOrderDetails } from './order-store.ts';
import { dropQueued, offlineChanged$, orderSent$, queuedOrders, type QueuedOrder } from './offline-store.ts';

export function WaitingOrders({ billToId }: { billToId: string }) {
  const t = usePortalText();
  const [queued, setQueued] = useState<QueuedOrder[]>([]);
  const sent = useBusValue(orderSent$);

  useEffect(() => {
    let live = true;
    const read = () => void queuedOrders(billToId).then((orders) => live && setQueued(orders));
    read();
    const changed = offlineChanged$.subscribe(read);
    return () => {
      live = false;
      changed.unsubscribe();
    };
  }, [billToId]);

  const shownSent = sent && sent.order.BillToId.toUpperCase() === billToId.toUpperCase() ? sent.order : null;
  if (queued.length === 0 && !shownSent) return null;
  return (
    <section className="erp-portal__panel" aria-label={t('offline.title')} data-portal="waiting-orders">
      {shownSent ? (
        <p className="erp-portal__message erp-portal__message--success" role="status" data-portal="sent-order">
          {t('offline.sent', { orderNo: shownSent.OrderNo })}{' '}
          <button type="button" className="erp-portal__link" onClick={() => openOrderDetails(shownSent)}>
            {t('cart.viewOrder', { orderNo: shownSent.OrderNo })}
          </button>
        </p>
      ) : null}
      {queued.length > 0 ? (
        <>
          <h2>{t('offline.title')}</h2>
          <ul className="erp-portal__waiting">
            {queued.map((order) => (
              <li key={order.key} data-portal="waiting-order">
                <strong data-portal="waiting-status">{order.refused ? t('offline.refused', { reason: order.refused }) : t('offline.waiting')}</strong>{' '}
                <span>{t('offline.placed', { date: displayDate(order.placedAt, true), lines: order.lines.length, count: order.lines.length })}</span>{' '}
                <span>{money(order.total)}</span>
                {order.refused ? (
                  <button type="button" onClick={() => void dropQueued(billToId, order.key)}>
                    {t('offline.remove')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {queued.some((order) => !order.refused) ? <p className="erp-portal__hint">{t('offline.hint')}</p> : null}
        </>
      ) : null}
    </section>
  );
}
