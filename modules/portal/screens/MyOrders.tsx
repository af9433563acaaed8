/**
 * My Orders (§2 /portal/myorders): the selected bill-to's orders — search (order number or notes), status,
 * sort by any column (click a header; again to reverse), paging of 250 (Paged list). An order number opens
 * the order details page with the order; an invoiced order's invoice number opens the invoice (issue 69 item 2).
 */
import { useId, useState, type FormEvent } from 'react';
import { Pager, RequireAccount, StatusMessage, displayDate, failureText, money, useLiveVersion, useLoad, usePortalText } from './common.tsx';
import { openInvoice } from './invoice-store.ts';
import { openOrderDetails } from './order-store.ts';
import { WaitingOrders } from './Waiting.tsx';
import { orderSent$ } from './offline-store.ts';
import { useBusValue } from '@erp/ui';
import { ORDER_PAGE_SIZE, ORDER_STATUSES, listOrders } from './portal-api.ts';

const COLUMNS = [
  { field: 'OrderNo', key: 'columns.orderNo' },
  { field: 'OrderDate', key: 'columns.orderDate' },
  { field: 'ShipToId', key: 'columns.shipTo' },
  { field: 'Status', key: 'columns.status' },
  { field: 'DeliveryDate', key: 'columns.deliveryDate' },
  { field: 'Total', key: 'columns.total', numeric: true },
] as const;

export function MyOrdersScreen() {
  const t = usePortalText();
  return (
    <div className="erp-portal" data-portal-screen="myorders">
      <h1 className="erp-portal__title">{t('myOrders.title')}</h1>
      <RequireAccount>{(billToId) => <OrdersList key={billToId} billToId={billToId} />}</RequireAccount>
    </div>
  );
}

function OrdersList({ billToId }: { billToId: string }) {
  const t = usePortalText();
  const ids = { search: useId(), status: useId(), sort: useId() };
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ search: '', status: '', page: 1, sortBy: 'OrderDate', sortDesc: true });
  const live = useLiveVersion('PortalOrder');
  // An order sent from the outbox (issue 69 item 4) joins the list.
  const sent = useBusValue(orderSent$);
  const result = useLoad(() => listOrders({ billToId, ...query }), [billToId, query, live, sent]);
  const pages = result.data ? Math.max(1, Math.ceil(result.data.TotalCount / ORDER_PAGE_SIZE)) : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery((q) => ({ ...q, search: draft, page: 1 }));
  };
  const sort = (field: string) =>
    setQuery((q) => ({ ...q, page: 1, sortBy: field, sortDesc: q.sortBy === field ? !q.sortDesc : false }));

  return (
    <>
      <WaitingOrders billToId={billToId} />
      <form className="erp-portal__row erp-portal__filters" role="search" onSubmit={submit}>
        <span className="erp-portal__field">
          <label htmlFor={ids.search}>{t('myOrders.search')}</label>
          <input id={ids.search} type="search" maxLength={100} value={draft} onChange={(event) => setDraft(event.target.value)} />
        </span>
        <span className="erp-portal__field">
          <label htmlFor={ids.status}>{t('myOrders.status')}</label>
          <select id={ids.status} value={query.status} onChange={(event) => setQuery((q) => ({ ...q, status: event.target.value, page: 1 }))}>
            <option value="">{t('myOrders.anyStatus')}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </span>
        {/* Issue 69 item 1: the cards of a narrow screen have no column headers to sort by; this does it there. */}
        <span className="erp-portal__field erp-portal__narrow-only">
          <label htmlFor={ids.sort}>{t('myOrders.sortBy')}</label>
          <select
            id={ids.sort}
            value={`${query.sortBy}:${query.sortDesc ? 'desc' : 'asc'}`}
            onChange={(event) => {
              const [sortBy, direction] = event.target.value.split(':');
              setQuery((q) => ({ ...q, page: 1, sortBy: sortBy!, sortDesc: direction === 'desc' }));
            }}
          >
            {COLUMNS.flatMap((column) =>
              (['asc', 'desc'] as const).map((direction) => (
                <option key={`${column.field}:${direction}`} value={`${column.field}:${direction}`}>
                  {t(`myOrders.${direction}`, { column: t(column.key) })}
                </option>
              )),
            )}
          </select>
        </span>
        <button type="submit">{t('catalogue.searchButton')}</button>
      </form>
      {result.error ? <StatusMessage kind="error">{failureText(t, result.error)}</StatusMessage> : null}
      {result.data && result.data.List.length === 0 ? <p className="erp-portal__empty">{t('myOrders.none')}</p> : null}
      {result.data && result.data.List.length > 0 ? (
        <table className="erp-portal__table erp-portal__cards" data-portal="orders">
          <caption className="erp-portal__caption">{t('myOrders.caption', { total: result.data.TotalCount })}</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const sorted = query.sortBy === column.field;
                return (
                  <th
                    key={column.field}
                    scope="col"
                    className={'numeric' in column ? 'erp-portal__num' : undefined}
                    aria-sort={sorted ? (query.sortDesc ? 'descending' : 'ascending') : 'none'}
                  >
                    <button type="button" className="erp-portal__sort" onClick={() => sort(column.field)}>
                      {t(column.key)}
                      <span aria-hidden="true">{sorted ? (query.sortDesc ? ' ▼' : ' ▲') : ''}</span>
                    </button>
                  </th>
                );
              })}
              <th scope="col">{t('details.invoice')}</th>
            </tr>
          </thead>
          <tbody>
            {result.data.List.map((order) => (
              <tr key={order.OrderKey} data-order-no={order.OrderNo}>
                <td data-label={t('columns.orderNo')} className="erp-portal__card-title">
                  <button type="button" className="erp-portal__link" onClick={() => openOrderDetails(order)}>
                    {order.OrderNo}
                  </button>
                </td>
                <td data-label={t('columns.orderDate')}>{displayDate(order.OrderDate)}</td>
                <td data-label={t('columns.shipTo')}>
                  {order.ShipToId}
                  {order.ShipToName ? ` — ${order.ShipToName}` : ''}
                </td>
                <td data-label={t('columns.status')}>{t(`status.${order.Status}`)}</td>
                <td data-label={t('columns.deliveryDate')}>{displayDate(order.DeliveryDate)}</td>
                <td data-label={t('columns.total')} className="erp-portal__num">{money(order.Total)}</td>
                {/* Issue 69 item 2: an invoiced order opens its invoice. */}
                <td data-label={t('details.invoice')} data-portal="order-invoice">
                  {order.InvoiceId && order.InvoiceNo ? (
                    <button type="button" className="erp-portal__link" aria-label={t('invoice.open', { invoiceNo: order.InvoiceNo })} onClick={() => openInvoice(order.InvoiceId!)}>
                      {order.InvoiceNo}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result.data ? <Pager page={query.page} pages={pages} onPage={(page) => setQuery((q) => ({ ...q, page }))} /> : null}
    </>
  );
}
