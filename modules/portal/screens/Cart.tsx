/**
 * Portal cart (§2 /portal/cart): the selected bill-to's cart lines with quantities, remove, totals; the
 * ship-to (from the bill-to's securable), the delivery date (portal state) and notes; submit with an
 * `Idempotency-Key`. The key belongs to the cart content: a retry, a double click or a resubmit after a lost
 * answer sends the same key (the server answers the same order); any change of the content makes a new
 * key. An account on hold (§4) cannot order: the server's reason is shown and submit is disabled (the server
 * refuses it as well). The cart reloads after an account switch (`cartCleared$`).
 * Issue 16 item 7: nothing is sent without a review — "Review order" shows the lines, the ship-to, the
 * delivery date and the total; only "Place order" there submits. A delivery date in the past is refused
 * here and by the server; any change of the cart closes the review. Both tables are OrderLines.tsx's.
 * Issue 69 item 1: the total and the next step (Review order, then Place order) are in a bar stuck to the bottom of
 * the screen, in view on a phone however long the cart.
 * Issue 69 item 4: offline, the cart is the one kept with the lines added on the device (portal-api.ts), and "Place
 * order" keeps the order with its key in the outbox (offline-store.ts), shown as "Waiting to send" (Waiting.tsx)
 * until the connection returns and the server answers its number.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { bus, cartCleared$, currentShipToList, portalAccounts$, selectShipTo } from '@erp/shared';
import { useBusValue } from '@erp/ui';
import {
  RequireAccount,
  StatusMessage,
  displayDate,
  money,
  failureText,
  isAbort,
  today,
  useHoldReason,
  useLoad,
  usePortalState,
  usePortalText,
} from './common.tsx';
import { DeliveryDateField, useDeliveryDateDraft } from './DeliveryDate.tsx';
import { OrderLinesTable } from './OrderLines.tsx';
import { openOrderDetails } from './order-store.ts';
import { isOffline, offlineChanged$, queueOrder } from './offline-store.ts';
import { WaitingOrders } from './Waiting.tsx';
import { readCart, removeCartLine, setCartQuantity, submitOrder, type Cart, type Order } from './portal-api.ts';
import { QuantityField } from './QuantityField.tsx';
import { quantityOf } from './quick-order.ts';

export function CartScreen() {
  const t = usePortalText();
  return (
    <div className="erp-portal" data-portal-screen="cart">
      <h1 className="erp-portal__title">{t('cart.title')}</h1>
      <RequireAccount>{(billToId) => <CartView key={billToId} billToId={billToId} />}</RequireAccount>
    </div>
  );
}

function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function CartView({ billToId }: { billToId: string }) {
  const t = usePortalText();
  const state = usePortalState();
  const holdReason = useHoldReason();
  useBusValue(portalAccounts$);
  const ids = { shipTo: useId(), date: useId(), notes: useId(), review: useId() };
  const deliveryDate = useDeliveryDateDraft();
  const [version, setVersion] = useState(0);
  const loaded = useLoad(() => readCart(billToId), [billToId, version]);
  const [cart, setCart] = useState<Cart | null>(null);
  const [notes, setNotes] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [submitted, setSubmitted] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const keyRef = useRef<{ content: string; key: string } | null>(null);

  useEffect(() => setCart(loaded.data), [loaded.data]);
  // A changed cart, ship-to or date is reviewed again.
  useEffect(() => setReviewing(false), [cart, state.selectedShipToId, state.deliveryDate, deliveryDate.value]);
  useEffect(() => {
    if (reviewing) reviewHeading.current?.focus();
  }, [reviewing]);
  useEffect(() => {
    // The cart changes elsewhere too (catalogue, quick order, Order again, a switch): every change
    // reloads the badges, and this screen (kept alive in its tab) with them.
    const cleared = cartCleared$.subscribe(() => setVersion((v) => v + 1));
    const changed = bus.badgesReload$.subscribe(() => setVersion((v) => v + 1));
    const kept = offlineChanged$.subscribe(() => setVersion((v) => v + 1));
    return () => {
      cleared.unsubscribe();
      changed.unsubscribe();
      kept.unsubscribe();
    };
  }, []);

  const shipTos = currentShipToList();
  const lines = cart?.Lines ?? [];
  const onHold = state.accountOnHold;

  const change = async (run: () => Promise<Cart>) => {
    setMessage(null);
    try {
      setCart(await run());
    } catch (error) {
      if (!isAbort(error)) setMessage({ kind: 'error', text: failureText(t, error) });
      setVersion((v) => v + 1);
    }
  };

  // The field refuses a past date (it stays out of the portal state); a stored date may have become past.
  const pastDate = deliveryDate.past || (state.deliveryDate !== null && state.deliveryDate !== '' && state.deliveryDate < today());

  const review = () => {
    if (!cart || lines.length === 0 || onHold || !state.selectedShipToId) return;
    if (pastDate) return setMessage({ kind: 'error', text: t('messages.deliveryDatePast') });
    if (deliveryDate.invalid) return setMessage({ kind: 'error', text: t('messages.dateInvalid') });
    setMessage(null);
    setSubmitted(null);
    setReviewing(true);
  };

  const submit = async () => {
    if (busy || !cart || lines.length === 0 || onHold || !state.selectedShipToId) return;
    if (pastDate || deliveryDate.invalid) {
      setReviewing(false);
      return setMessage({ kind: 'error', text: t(pastDate ? 'messages.deliveryDatePast' : 'messages.dateInvalid') });
    }
    const order = {
      BillToId: billToId,
      ShipToId: state.selectedShipToId,
      DeliveryDate: state.deliveryDate,
      Notes: notes.trim(),
      Lines: lines.map((line) => ({ ProductId: line.ProductId, Quantity: line.Quantity })),
    };
    const content = JSON.stringify(order);
    if (keyRef.current?.content !== content) keyRef.current = { content, key: newKey() };
    const key = keyRef.current.key;
    setBusy(true);
    setMessage(null);
    try {
      const created = await submitOrder(key, order);
      keyRef.current = null;
      setReviewing(false);
      setSubmitted(created);
      setNotes('');
      setMessage({ kind: 'success', text: t('cart.submitted', { orderNo: created.OrderNo }) });
      setVersion((v) => v + 1);
    } catch (error) {
      if (!isOffline(error)) return setMessage({ kind: 'error', text: failureText(t, error) });
      // No answer at all: kept with its key and sent once the connection returns (the same key, so a send
      // whose answer was lost is answered with the same order).
      try {
        await queueOrder(billToId, { key, order, lines, total: cart.Total });
        keyRef.current = null;
        setReviewing(false);
        setNotes('');
        setMessage({ kind: 'info', text: t('offline.queued') });
      } catch {
        setMessage({ kind: 'error', text: failureText(t, error) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {onHold && state.selectedBillToId ? (
        <p className="erp-portal__message erp-portal__message--error" role="alert" data-portal="on-hold">
          {holdReason ?? t('messages.onHold')}
        </p>
      ) : null}
      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      <WaitingOrders billToId={billToId} />
      {submitted ? (
        <p>
          <button type="button" className="erp-portal__link" onClick={() => openOrderDetails(submitted)}>
            {t('cart.viewOrder', { orderNo: submitted.OrderNo })}
          </button>
        </p>
      ) : null}
      {loaded.error ? <StatusMessage kind="error">{failureText(t, loaded.error)}</StatusMessage> : null}
      {cart && lines.length === 0 ? <p className="erp-portal__empty">{t('cart.empty')}</p> : null}
      {lines.length > 0 ? (
        <OrderLinesTable
          lines={lines}
          lineKey={(line) => line.CartLineId}
          total={cart?.Total ?? 0}
          name="cart"
          totalName="cart-total"
          quantity={(line) => (
            <QuantityInput
              label={t('cart.quantityOf', { sku: line.ProductId })}
              value={line.Quantity}
              onCommit={(quantity) => void change(() => setCartQuantity(billToId, line.CartLineId, quantity))}
            />
          )}
          actions={(line) => (
            <button type="button" aria-label={t('cart.removeOne', { sku: line.ProductId })} onClick={() => void change(() => removeCartLine(billToId, line.CartLineId))}>
              {t('cart.remove')}
            </button>
          )}
        />
      ) : null}
      {lines.length > 0 ? (
        <section className="erp-portal__panel" aria-label={t('cart.checkout')}>
          <p className="erp-portal__row">
            <span className="erp-portal__field">
              <label htmlFor={ids.shipTo}>{t('order.shipTo')}</label>
              <select id={ids.shipTo} value={state.selectedShipToId ?? ''} onChange={(event) => selectShipTo(event.target.value || null)}>
                {state.selectedShipToId ? null : <option value="">{t('order.noShipTo')}</option>}
                {shipTos.map((firm) => (
                  <option key={firm.FirmId} value={firm.FirmId}>
                    {firm.FirmId} — {firm.Name}
                  </option>
                ))}
              </select>
            </span>
            <DeliveryDateField id={ids.date} draft={deliveryDate} />
          </p>
          <p>
            <label htmlFor={ids.notes}>{t('cart.notes')}</label>
          </p>
          <textarea id={ids.notes} rows={3} maxLength={2000} className="erp-portal__textarea" value={notes} onChange={(event) => setNotes(event.target.value)} />
        </section>
      ) : null}
      {/* Issue 69 item 1: the total and the next step stay in view (stuck to the bottom of the screen). */}
      {lines.length > 0 && !reviewing ? (
        <div className="erp-portal__sticky" data-portal="cart-summary">
          <span className="erp-portal__sticky-total">
            {t('cart.total')} <strong data-portal="cart-summary-total">{money(cart?.Total ?? 0)}</strong>
          </span>
          <button type="button" className="erp-portal__primary" data-portal="review" disabled={busy || onHold || !state.selectedShipToId} onClick={review}>
            {t('cart.review')}
          </button>
        </div>
      ) : null}
      {reviewing && cart && lines.length > 0 ? (
        <section className="erp-portal__panel" aria-labelledby={ids.review} data-portal="order-review">
          <h2 id={ids.review} tabIndex={-1} ref={reviewHeading}>
            {t('cart.reviewTitle')}
          </h2>
          <p>{t('cart.reviewHint')}</p>
          <OrderLinesTable lines={lines} lineKey={(line) => line.CartLineId} total={cart.Total} totalName="review-total" />
          <dl className="erp-portal__header" data-portal="review-facts">
            <dt>{t('order.shipTo')}</dt>
            <dd data-portal="review-ship-to">{shipToText(state.selectedShipToId, shipTos)}</dd>
            <dt>{t('order.deliveryDate')}</dt>
            <dd data-portal="review-delivery-date">{state.deliveryDate ? displayDate(state.deliveryDate) : t('cart.noDeliveryDate')}</dd>
            {notes.trim() ? (
              <>
                <dt>{t('cart.notes')}</dt>
                <dd>{notes.trim()}</dd>
              </>
            ) : null}
          </dl>
          <div className="erp-portal__sticky" data-portal="cart-summary">
            <span className="erp-portal__sticky-total">
              {t('cart.total')} <strong data-portal="cart-summary-total">{money(cart.Total)}</strong>
            </span>
            <button type="button" className="erp-portal__primary" data-portal="place-order" disabled={busy || onHold} onClick={() => void submit()}>
              {busy ? t('cart.submitting') : t('cart.placeOrder')}
            </button>
            <button type="button" onClick={() => setReviewing(false)}>
              {t('cart.backToCart')}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}

/** The ship-to as the customer knows it: its id and name. */
function shipToText(shipToId: string | null, shipTos: readonly { FirmId: string; Name: string }[]): string {
  if (!shipToId) return '';
  const firm = shipTos.find((candidate) => candidate.FirmId === shipToId);
  return firm ? `${firm.FirmId} — ${firm.Name}` : shipToId;
}

/** A quantity field that commits a valid whole number on blur or Enter (and reverts anything else). */
function QuantityInput({ label, value, onCommit }: { label: string; value: number; onCommit(quantity: number): void }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const parsed = quantityOf(text);
    if (parsed === null) return setText(String(value));
    if (parsed !== value) onCommit(parsed);
  };
  return <QuantityField label={label} text={text} onText={setText} onCommit={commit} />;
}
