/**
 * Portal Home (§2 /portal and /portal/order, titled Home): the homepage text, the catalogue with the
 * selected bill-to's prices (search, paging), quick order by SKU (pasted `SKU quantity` lines; unknown SKUs
 * and unreadable lines listed back; duplicates merged), the delivery date (portal state), and add to cart.
 * This page sends no order: it fills the cart. The delivery date is the same field as the Cart's
 * (`DeliveryDate.tsx`): a past date is refused here already (issue 16 item 7) and never reaches the portal
 * state; the Cart's review is the only way an order is sent.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatDecimal } from '@erp/shared';
import { DeliveryDateField, useDeliveryDateDraft } from './DeliveryDate.tsx';
import { HomepageText, useHomepageText } from './HomepageText.tsx';
import { Pager, RequireAccount, StatusMessage, failureText, isAbort, money, useLoad, usePortalState, usePortalText } from './common.tsx';
import { addToCart, resolveSkus, searchProducts, type Product } from './portal-api.ts';
import { QuantityField } from './QuantityField.tsx';
import { parseQuickOrder, quantityOf } from './quick-order.ts';

const PAGE_SIZE = 25;

/** Decimals a quantity needs (`12.5000` → 1, `40.0000` → 0): stock is shown without trailing zeros. */
function significantDecimals(value: string): number {
  return (value.split('.')[1] ?? '').replace(/0+$/, '').length;
}

export function OrderScreen() {
  const t = usePortalText();
  const homepage = useHomepageText();
  // Issue 69 item 3 (CLS): the homepage text of unknown height comes above the form; the form is built (its calls
  // leave) at once but shown only once the text is in, so nothing on screen moves down when it arrives.
  return (
    <div className="erp-portal" data-portal-screen="order">
      <h1 className="erp-portal__title">{t('order.title')}</h1>
      <HomepageText html={homepage.html} />
      <div hidden={!homepage.settled}>
        <RequireAccount>{(billToId) => <OrderForm billToId={billToId} />}</RequireAccount>
      </div>
    </div>
  );
}

function OrderForm({ billToId }: { billToId: string }) {
  const t = usePortalText();
  const state = usePortalState();
  const dateId = useId();
  const deliveryDate = useDeliveryDateDraft();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const add = async (lines: { ProductId: string; Quantity: number }[], products: readonly Product[] = []) => {
    setMessage(null);
    try {
      // Issue 69 item 4: offline, a catalogue row's product is kept in the cart on this device.
      const cart = await addToCart(billToId, lines, false, products);
      const key = cart.offline ? 'offline.added' : 'order.added';
      setMessage({ kind: 'success', text: t(key, { added: lines.length, lines: cart.LineCount }) });
      return true;
    } catch (error) {
      if (!isAbort(error)) setMessage({ kind: 'error', text: failureText(t, error) });
      return false;
    }
  };

  return (
    <>
      <section className="erp-portal__panel" aria-labelledby={`${dateId}-h`}>
        <h2 id={`${dateId}-h`}>{t('order.delivery')}</h2>
        <p className="erp-portal__row">
          <DeliveryDateField id={dateId} draft={deliveryDate} />
          <span className="erp-portal__ship-to">
            {t('order.shipTo')}: {state.selectedShipToId ?? t('order.noShipTo')}
          </span>
        </p>
      </section>
      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      <Catalogue billToId={billToId} onAdd={add} />
      <QuickOrder billToId={billToId} onAdd={add} />
    </>
  );
}

function Catalogue({
  billToId,
  onAdd,
}: {
  billToId: string;
  onAdd(lines: { ProductId: string; Quantity: number }[], products?: readonly Product[]): Promise<boolean>;
}) {
  const t = usePortalText();
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const result = useLoad(() => searchProducts(billToId, query.search, query.page, PAGE_SIZE), [billToId, query.search, query.page]);
  const pages = result.data ? Math.max(1, Math.ceil(result.data.TotalCount / PAGE_SIZE)) : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ search: draft, page: 1 });
  };

  return (
    <section className="erp-portal__panel" aria-labelledby={`${searchId}-h`}>
      <h2 id={`${searchId}-h`}>{t('catalogue.title')}</h2>
      <form className="erp-portal__row erp-portal__filters" role="search" onSubmit={submit}>
        <span className="erp-portal__field">
          <label htmlFor={searchId}>{t('catalogue.search')}</label>
          <input id={searchId} type="search" value={draft} maxLength={100} onChange={(event) => setDraft(event.target.value)} />
        </span>
        <button type="submit">{t('catalogue.searchButton')}</button>
      </form>
      {result.error ? <StatusMessage kind="error">{failureText(t, result.error)}</StatusMessage> : null}
      {result.data && result.data.List.length === 0 ? <p className="erp-portal__empty">{t('catalogue.none')}</p> : null}
      {result.data && result.data.List.length > 0 ? (
        <table className="erp-portal__table erp-portal__cards" data-portal="catalogue">
          <caption className="erp-portal__caption">{t('catalogue.caption', { total: result.data.TotalCount })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.sku')}</th>
              <th scope="col">{t('columns.description')}</th>
              <th scope="col">{t('columns.category')}</th>
              <th scope="col">{t('columns.unit')}</th>
              <th scope="col" className="erp-portal__num">{t('columns.price')}</th>
              <th scope="col" className="erp-portal__num">{t('columns.available')}</th>
              <th scope="col">{t('columns.quantity')}</th>
              <th scope="col">
                <span className="erp-portal__sr">{t('columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {result.data.List.map((product) => {
              const quantity = quantityOf(quantities[product.ProductId] ?? '1');
              return (
                <tr key={product.ProductId} data-sku={product.ProductId}>
                  <td data-label={t('columns.sku')}>{product.ProductId}</td>
                  <td data-label={t('columns.description')} className="erp-portal__card-title">
                    {product.Description}
                  </td>
                  <td data-label={t('columns.category')}>{product.Category}</td>
                  <td data-label={t('columns.unit')}>{product.Unit}</td>
                  <td data-label={t('columns.price')} className="erp-portal__num">{money(product.Price)}</td>
                  {/* Stock from the stock ledger (issue 15); blank when the product does not track inventory. */}
                  <td data-label={t('columns.available')} className="erp-portal__num" data-portal="available">
                    {product.Available === null || product.Available === undefined ? '' : formatDecimal(product.Available, significantDecimals(product.Available))}
                  </td>
                  <td data-label={t('columns.quantity')}>
                    <QuantityField
                      label={t('catalogue.quantityOf', { sku: product.ProductId })}
                      text={quantities[product.ProductId] ?? '1'}
                      onText={(text) => setQuantities((all) => ({ ...all, [product.ProductId]: text }))}
                    />
                  </td>
                  <td className="erp-portal__card-actions">
                    <button
                      type="button"
                      disabled={quantity === null}
                      aria-label={t('catalogue.addOne', { sku: product.ProductId })}
                      onClick={() => quantity !== null && void onAdd([{ ProductId: product.ProductId, Quantity: quantity }], [product])}
                    >
                      {t('catalogue.add')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {result.data ? <Pager page={query.page} pages={pages} onPage={(page) => setQuery((q) => ({ ...q, page }))} /> : null}
      {/* Issue 69 item 3 (CLS): the first page of products fills a screen; its place is held until it comes. */}
      {!result.data && !result.error ? <div className="erp-portal__reserve" aria-hidden="true" /> : null}
    </section>
  );
}

function QuickOrder({ billToId, onAdd }: { billToId: string; onAdd(lines: { ProductId: string; Quantity: number }[]): Promise<boolean> }) {
  const t = usePortalText();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<{ unknown: string[]; invalid: string[] } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseQuickOrder(text);
    setProblems(null);
    if (parsed.lines.length === 0) {
      setProblems({ unknown: [], invalid: parsed.invalid });
      return;
    }
    setBusy(true);
    try {
      const resolved = await resolveSkus(billToId, parsed.lines.map((line) => line.sku));
      const found = new Set(resolved.Found.map((product) => product.ProductId));
      const lines = parsed.lines.filter((line) => found.has(line.sku)).map((line) => ({ ProductId: line.sku, Quantity: line.quantity }));
      const added = lines.length > 0 ? await onAdd(lines) : true;
      setProblems({ unknown: resolved.Unknown, invalid: parsed.invalid });
      // What was added leaves the box; what could not be read or found stays for the user to fix.
      if (added) setText([...resolved.Unknown.map((sku) => `${sku} ${parsed.lines.find((l) => l.sku === sku)?.quantity ?? 1}`), ...parsed.invalid].join('\n'));
    } catch {
      setProblems(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="erp-portal__panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('quick.title')}</h2>
      <form onSubmit={(event) => void submit(event)}>
        <p>
          <label htmlFor={id}>{t('quick.label')}</label>
        </p>
        <textarea id={id} rows={6} className="erp-portal__textarea" value={text} aria-describedby={`${id}-hint`} onChange={(event) => setText(event.target.value)} />
        <p id={`${id}-hint`} className="erp-portal__hint">
          {t('quick.hint')}
        </p>
        <button type="submit" disabled={busy || !text.trim()}>
          {t('quick.add')}
        </button>
      </form>
      {problems && problems.unknown.length > 0 ? (
        <div role="alert" data-portal="unknown-skus">
          <p>{t('quick.unknown', { number: problems.unknown.length })}</p>
          <ul>
            {problems.unknown.map((sku) => (
              <li key={sku}>{sku}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {problems && problems.invalid.length > 0 ? (
        <div role="alert" data-portal="invalid-lines">
          <p>{t('quick.invalid', { number: problems.invalid.length })}</p>
          <ul>
            {problems.invalid.map((line, index) => (
              <li key={`${index}-${line}`}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
