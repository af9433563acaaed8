/**
 * Portal cart (§2 /portal/cart): the selected bill-to's cart lines with quantities, remove, totals; the
 * ship-to (from the bill-to's securable), the delivery date (portal state) and notes; submit with an
 * `Idempotency-Key`. The key belongs to the cart content: a retry, a double click or a resubmit after a lost
 * answer sends the same key (the server answers the same order); any change of the content makes a new
 * key. An account on hold (§4) cannot order: the server's reason is shown and submit is disabled (the server
 * refuses it as well). The cart reloads after an account switch (`cartCleared$`).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { bus, cartCleared$, currentShipToList, portalAccounts$, selectShipTo, setDeliveryDate } from '@erp/shared';
import { useBusValue } from '@erp/ui';
import {
  RequireAccount,
  StatusMessage,
  failureText,
  isAbort,
  money,
  today,
  useHoldReason,
  useLoad,
  usePortalState,
  usePortalText,
} from './common.tsx';
import { openOrderDetails } from './order-store.ts';
import { readCart, removeCartLine, setCartQuantity, submitOrder, type Cart, type Order } from './portal-api.ts';
import { MAX_QUANTITY } from './quick-order.ts';

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
  const ids = { shipTo: useId(), date: useId(), notes: useId() };
  const [version, setVersion] = useState(0);
  const loaded = useLoad(() => readCart(billToId), [billToId, version]);
  const [cart, setCart] = useState<Cart | null>(null);
  const [notes, setNotes] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [submitted, setSubmitted] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const keyRef = useRef<{ content: string; key: string } | null>(null);

  useEffect(() => setCart(loaded.data), [loaded.data]);
  useEffect(() => {
    // The cart changes elsewhere too (catalogue, quick order, Order again, a switch): every change
    // reloads the badges, and this screen (kept alive in its tab) with them.
    const cleared = cartCleared$.subscribe(() => setVersion((v) => v + 1));
    const changed = bus.badgesReload$.subscribe(() => setVersion((v) => v + 1));
    return () => {
      cleared.unsubscribe();
      changed.unsubscribe();
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

  const submit = async () => {
    if (busy || !cart || lines.length === 0 || onHold || !state.selectedShipToId) return;
    const order = {
      BillToId: billToId,
      ShipToId: state.selectedShipToId,
      DeliveryDate: state.deliveryDate,
      Notes: notes.trim(),
      Lines: lines.map((line) => ({ ProductId: line.ProductId, Quantity: line.Quantity })),
    };
    const content = JSON.stringify(order);
    if (keyRef.current?.content !== content) keyRef.current = { content, key: newKey() };
    setBusy(true);
    setMessage(null);
    try {
      const created = await submitOrder(keyRef.current.key, order);
      keyRef.current = null;
      setSubmitted(created);
      setNotes('');
      setMessage({ kind: 'success', text: t('cart.submitted', { orderNo: created.OrderNo }) });
      setVersion((v) => v + 1);
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(t, error) });
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
        <table className="erp-portal__table" data-portal="cart">
          <thead>
            <tr>
              <th scope="col">{t('columns.sku')}</th>
              <th scope="col">{t('columns.description')}</th>
              <th scope="col">{t('columns.unit')}</th>
              <th scope="col" className="erp-portal__num">{t('columns.price')}</th>
              <th scope="col">{t('columns.quantity')}</th>
              <th scope="col" className="erp-portal__num">{t('columns.amount')}</th>
              <th scope="col">
                <span className="erp-portal__sr">{t('columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.CartLineId} data-sku={line.ProductId}>
                <td>{line.ProductId}</td>
                <td>{line.Description}</td>
                <td>{line.Unit}</td>
                <td className="erp-portal__num">{money(line.Price)}</td>
                <td>
                  <QuantityInput
                    label={t('cart.quantityOf', { sku: line.ProductId })}
                    value={line.Quantity}
                    onCommit={(quantity) => void change(() => setCartQuantity(billToId, line.CartLineId, quantity))}
                  />
                </td>
                <td className="erp-portal__num">{money(line.Amount)}</td>
                <td>
                  <button
                    type="button"
                    aria-label={t('cart.removeOne', { sku: line.ProductId })}
                    onClick={() => void change(() => removeCartLine(billToId, line.CartLineId))}
                  >
                    {t('cart.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                {t('cart.total')}
              </th>
              <td className="erp-portal__num" data-portal="cart-total">
                {money(cart?.Total ?? 0)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      ) : null}
      {lines.length > 0 ? (
        <section className="erp-portal__panel" aria-label={t('cart.checkout')}>
          <p className="erp-portal__row">
            <label htmlFor={ids.shipTo}>{t('order.shipTo')}</label>
            <select id={ids.shipTo} value={state.selectedShipToId ?? ''} onChange={(event) => selectShipTo(event.target.value || null)}>
              {state.selectedShipToId ? null : <option value="">{t('order.noShipTo')}</option>}
              {shipTos.map((firm) => (
                <option key={firm.FirmId} value={firm.FirmId}>
                  {firm.FirmId} — {firm.Name}
                </option>
              ))}
            </select>
            <label htmlFor={ids.date}>{t('order.deliveryDate')}</label>
            <input id={ids.date} type="date" min={today()} value={state.deliveryDate ?? ''} onChange={(event) => setDeliveryDate(event.target.value || null)} />
          </p>
          <p>
            <label htmlFor={ids.notes}>{t('cart.notes')}</label>
          </p>
          <textarea id={ids.notes} rows={3} maxLength={2000} className="erp-portal__textarea" value={notes} onChange={(event) => setNotes(event.target.value)} />
          <p>
            <button type="button" className="erp-portal__primary" disabled={busy || onHold || !state.selectedShipToId} onClick={() => void submit()}>
              {busy ? t('cart.submitting') : t('cart.submit')}
            </button>
          </p>
        </section>
      ) : null}
    </>
  );
}

/** A quantity field that commits a valid whole number on blur or Enter (and reverts anything else). */
function QuantityInput({ label, value, onCommit }: { label: string; value: number; onCommit(quantity: number): void }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const parsed = Number(text);
  const valid = Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_QUANTITY;
  const commit = () => {
    if (!valid) return setText(String(value));
    if (parsed !== value) onCommit(parsed);
  };
  return (
    <input
      type="number"
      min={1}
      max={MAX_QUANTITY}
      step={1}
      className="erp-portal__qty"
      aria-label={label}
      aria-invalid={!valid}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
