/**
 * Order details (§2 /portal/orderdetails, receives props): the order given in the route Props
 * (`{"order": {...}}` or `{"OrderKey": n}`) or by My Orders / the cart (order-store.ts), read again from the
 * server for its lines (the server checks it against the caller's securables), or one opened on it by key (a
 * command palette hit: `openDocument('/portal/orderdetails', { recordId })`, issue 42). Header, lines, status, and
 * the order's invoice (a link to the invoice page once invoiced, issue 69 item 2), and "Order again": asks whether to add the lines to the current cart or replace the cart with them. An order
 * of another account than the selected one (after a switch) says so and offers no "Order again".
 */
import { useState } from 'react';
import { askUser } from '@erp/shared';
import { useBusValue, useOpenIntent, useScreen } from '@erp/ui';
import { StatusMessage, displayDate, failureText, isAbort, useLiveVersion, useLoad, usePortalState, usePortalText } from './common.tsx';
import { OrderLinesTable } from './OrderLines.tsx';
import { openInvoice } from './invoice-store.ts';
import { ORDER_DETAILS_PATH, selectOrder, selectedOrder$ } from './order-store.ts';
import { addToCart, readOrder, type Order } from './portal-api.ts';

function keyFromProps(props: Record<string, unknown>): number | null {
  const order = props['order'] as Partial<Order> | undefined;
  const key = Number(order?.OrderKey ?? props['OrderKey']);
  return Number.isInteger(key) && key > 0 ? key : null;
}

export function OrderDetailsScreen() {
  const t = usePortalText();
  const { routeProps } = useScreen();
  const selected = useBusValue(selectedOrder$);
  useOpenIntent(ORDER_DETAILS_PATH, (intent) => {
    const key = Number(intent.recordId);
    if (Number.isInteger(key) && key > 0) selectOrder(key);
  });
  const orderKey = keyFromProps(routeProps) ?? selected?.OrderKey ?? null;
  return (
    <div className="erp-portal" data-portal-screen="orderdetails">
      <h1 className="erp-portal__title">{t('details.title')}</h1>
      {orderKey ? <Details key={orderKey} orderKey={orderKey} /> : <p className="erp-portal__empty">{t('details.none')}</p>}
    </div>
  );
}

function Details({ orderKey }: { orderKey: number }) {
  const t = usePortalText();
  const state = usePortalState();
  const live = useLiveVersion('PortalOrder', String(orderKey));
  const result = useLoad(() => readOrder(orderKey), [orderKey, live]);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const order = result.data;

  const orderAgain = async () => {
    if (!order?.Lines?.length || !state.selectedBillToId) return;
    setMessage(null);
    if (order.BillToId !== state.selectedBillToId) {
      setMessage({ kind: 'error', text: t('details.otherAccount', { billToId: order.BillToId }) });
      return;
    }
    const answer = await askUser({
      heading: t('details.againHeading'),
      message: t('details.againQuestion'),
      actions: [
        { id: 'add', label: t('details.againAdd'), variant: 'primary' },
        { id: 'replace', label: t('details.againReplace'), variant: 'danger' },
        { id: 'cancel', label: t('switcher.cancel'), variant: 'default' },
      ],
    });
    if (answer !== 'add' && answer !== 'replace') return;
    try {
      const cart = await addToCart(
        order.BillToId,
        order.Lines.map((line) => ({ ProductId: line.ProductId, Quantity: line.Quantity })),
        answer === 'replace',
      );
      setMessage({ kind: 'success', text: t('details.againDone', { lines: cart.LineCount }) });
    } catch (error) {
      if (!isAbort(error)) setMessage({ kind: 'error', text: failureText(t, error) });
    }
  };

  if (result.error) return <StatusMessage kind="error">{failureText(t, result.error)}</StatusMessage>;
  if (!order) return null;
  // Issue 16 item 7: after an account switch the open order of the old account says so at once.
  const otherAccount = state.selectedBillToId !== null && order.BillToId !== state.selectedBillToId;
  return (
    <>
      {otherAccount ? (
        <p className="erp-portal__message erp-portal__message--info" role="status" data-portal="other-account">
          {t('details.belongsToOther', { billToId: order.BillToId, selected: state.selectedBillToId })}
        </p>
      ) : null}
      <dl className="erp-portal__header" data-portal="order-header">
        <dt>{t('columns.orderNo')}</dt>
        <dd>{order.OrderNo}</dd>
        <dt>{t('columns.status')}</dt>
        <dd data-portal="order-status">{t(`status.${order.Status}`)}</dd>
        {order.InvoiceNo ? (
          <>
            <dt>{t('details.invoice')}</dt>
            <dd data-portal="order-invoice">
              {order.InvoiceId ? (
                <button type="button" className="erp-portal__link" aria-label={t('invoice.open', { invoiceNo: order.InvoiceNo })} onClick={() => openInvoice(order.InvoiceId!)}>
                  {order.InvoiceNo}
                </button>
              ) : (
                order.InvoiceNo
              )}
            </dd>
          </>
        ) : null}
        <dt>{t('columns.orderDate')}</dt>
        <dd>{displayDate(order.OrderDate, true)}</dd>
        <dt>{t('details.billTo')}</dt>
        <dd>{order.BillToId}</dd>
        <dt>{t('columns.shipTo')}</dt>
        <dd>
          {order.ShipToId}
          {order.ShipToName ? ` — ${order.ShipToName}` : ''}
        </dd>
        <dt>{t('columns.deliveryDate')}</dt>
        <dd>{displayDate(order.DeliveryDate) || '—'}</dd>
        <dt>{t('cart.notes')}</dt>
        {/* Notes are the customer's plain text: rendered as text, never as HTML. */}
        <dd data-portal="order-notes" className="erp-portal__notes">
          {order.Notes || '—'}
        </dd>
      </dl>
      <OrderLinesTable lines={order.Lines ?? []} lineKey={(line) => line.LineNo} total={order.Total} lineNumbers name="order-lines" />
      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      {otherAccount ? null : (
        <p>
          <button type="button" className="erp-portal__primary" onClick={() => void orderAgain()}>
            {t('details.again')}
          </button>
        </p>
      )}
    </>
  );
}
