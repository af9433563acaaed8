/**
 * The invoice page (issue 69 item 2; /portal/invoice, receives props): one invoice or credit note of the
 * caller's accounts — header, lines with their taxes, totals, the open balance — and its PDF (A/R's own print).
 * Opened from the invoices list, from My Orders and the order details (`openInvoice`), from a command palette hit
 * (`openDocument('/portal/invoice', { recordId: InvoiceId })`) or with `{"InvoiceId": n}` in the route Props. The
 * server answers an invoice of another customer like a missing one; the page then says it is not found.
 */
import { useState } from 'react';
import { formatDecimal } from '@erp/shared';
import { useBusValue, useOpenIntent, useScreen } from '@erp/ui';
import { StatusMessage, displayDate, failureText, isAbort, money, useLoad, usePortalText } from './common.tsx';
import { INVOICE_PATH, selectInvoice, selectedInvoice$ } from './invoice-store.ts';
import { openOrderDetails } from './order-store.ts';
import { downloadInvoicePdf, readInvoice, type Order } from './portal-api.ts';

function keyFromProps(props: Record<string, unknown>): number | null {
  const key = Number(props['InvoiceId']);
  return Number.isInteger(key) && key > 0 ? key : null;
}

/** A quantity without trailing zeros (`3.0000` → 3). */
function quantity(value: string): string {
  const decimals = (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  return formatDecimal(value, decimals);
}

export function InvoiceDetailsScreen() {
  const t = usePortalText();
  const { routeProps } = useScreen();
  const selected = useBusValue(selectedInvoice$);
  useOpenIntent(INVOICE_PATH, (intent) => {
    const key = Number(intent.recordId);
    if (Number.isInteger(key) && key > 0) selectInvoice(key);
  });
  const invoiceId = keyFromProps(routeProps) ?? selected ?? null;
  return (
    <div className="erp-portal" data-portal-screen="invoice">
      <h1 className="erp-portal__title">{t('invoice.title')}</h1>
      {invoiceId ? <Details key={invoiceId} invoiceId={invoiceId} /> : <p className="erp-portal__empty">{t('invoice.none')}</p>}
    </div>
  );
}

function Details({ invoiceId }: { invoiceId: number }) {
  const t = usePortalText();
  const result = useLoad(() => readInvoice(invoiceId), [invoiceId]);
  const [error, setError] = useState<unknown>(null);
  const invoice = result.data;

  const pdf = async () => {
    if (!invoice) return;
    setError(null);
    try {
      await downloadInvoicePdf(invoice);
    } catch (failure) {
      if (!isAbort(failure)) setError(failure);
    }
  };

  if (result.error) return <StatusMessage kind="error">{failureText(t, result.error)}</StatusMessage>;
  if (!invoice) return null;
  return (
    <>
      <p className="erp-portal__row">
        <button type="button" className="erp-portal__primary" data-portal="invoice-pdf" onClick={() => void pdf()}>
          {t('invoice.pdf')}
        </button>
        {invoice.OrderKey ? (
          <button
            type="button"
            className="erp-portal__link"
            data-portal="invoice-order"
            onClick={() => openOrderDetails({ OrderKey: invoice.OrderKey!, OrderNo: invoice.OrderNo ?? '' } as Order)}
          >
            {t('invoice.viewOrder', { orderNo: invoice.OrderNo })}
          </button>
        ) : null}
      </p>
      {error ? <StatusMessage kind="error">{failureText(t, error)}</StatusMessage> : null}
      <dl className="erp-portal__header" data-portal="invoice-header">
        <dt>{t('invoices.number')}</dt>
        <dd data-portal="invoice-no">{invoice.DocumentNo}</dd>
        <dt>{t('invoices.type')}</dt>
        <dd>{t(`itemType.${invoice.DocumentType}`)}</dd>
        <dt>{t('columns.status')}</dt>
        <dd>{t(`invoiceStatus.${invoice.Status}`, { defaultValue: invoice.Status })}</dd>
        <dt>{t('invoices.date')}</dt>
        <dd>{displayDate(invoice.InvoiceDate)}</dd>
        <dt>{t('invoices.dueDate')}</dt>
        <dd>{displayDate(invoice.DueDate) || '—'}</dd>
        <dt>{t('details.billTo')}</dt>
        <dd>
          {invoice.BillToId}
          {invoice.BillToName ? ` — ${invoice.BillToName}` : ''}
        </dd>
        {invoice.ShipToId ? (
          <>
            <dt>{t('columns.shipTo')}</dt>
            <dd>{invoice.ShipToId}</dd>
          </>
        ) : null}
        {invoice.Reference ? (
          <>
            <dt>{t('invoice.reference')}</dt>
            <dd>{invoice.Reference}</dd>
          </>
        ) : null}
        {invoice.CreditOf ? (
          <>
            <dt>{t('invoice.creditOf')}</dt>
            <dd>{invoice.CreditOf}</dd>
          </>
        ) : null}
        {invoice.Description ? (
          <>
            <dt>{t('columns.description')}</dt>
            <dd>{invoice.Description}</dd>
          </>
        ) : null}
      </dl>
      <table className="erp-portal__table erp-portal__cards" data-portal="invoice-lines">
        <thead>
          <tr>
            <th scope="col">{t('columns.line')}</th>
            <th scope="col">{t('columns.description')}</th>
            <th scope="col" className="erp-portal__num">{t('columns.quantity')}</th>
            <th scope="col" className="erp-portal__num">{t('columns.price')}</th>
            <th scope="col" className="erp-portal__num">{t('columns.amount')}</th>
            <th scope="col">{t('invoice.taxes')}</th>
            <th scope="col" className="erp-portal__num">{t('invoice.tax')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.Lines.map((line) => (
            <tr key={line.LineNo}>
              <td data-label={t('columns.line')}>{line.LineNo}</td>
              <td data-label={t('columns.description')} className="erp-portal__card-title">
                {line.Description}
              </td>
              <td data-label={t('columns.quantity')} className="erp-portal__num">{quantity(line.Quantity)}</td>
              <td data-label={t('columns.price')} className="erp-portal__num">{money(line.UnitPrice)}</td>
              <td data-label={t('columns.amount')} className="erp-portal__num">{money(line.Amount)}</td>
              <td data-label={t('invoice.taxes')}>{line.TaxCodes ?? ''}</td>
              <td data-label={t('invoice.tax')} className="erp-portal__num">{money(line.TaxAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="erp-portal__totals" data-portal="invoice-totals">
        <dt>{t('invoice.subTotal')}</dt>
        <dd className="erp-portal__num">{money(invoice.SubTotal)}</dd>
        <dt>{t('invoice.tax')}</dt>
        <dd className="erp-portal__num">{money(invoice.TaxTotal)}</dd>
        <dt>{t('columns.total')}</dt>
        <dd className="erp-portal__num" data-portal="invoice-total">
          <strong>{money(invoice.Total)}</strong>
        </dd>
        <dt>{t('invoices.open')}</dt>
        <dd className="erp-portal__num" data-portal="invoice-open">{money(invoice.OpenBalance)}</dd>
      </dl>
    </>
  );
}
