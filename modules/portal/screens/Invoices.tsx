/**
 * Invoices (issue 69 item 2; /portal/invoices): the selected account's documents — its statement (the open
 * items as of today with the running balance, the aging by due date, the balance, and the statement's PDF: A/R's
 * own statement; the open items folded under their count) and its posted invoices and credit notes (type, number search, paging); a document number opens
 * the invoice page. Every figure is the server's exact decimal, only formatted here.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Pager, RequireAccount, StatusMessage, displayDate, failureText, isAbort, money, useLoad, usePortalText } from './common.tsx';
import { openInvoice } from './invoice-store.ts';
import { INVOICE_PAGE_SIZE, downloadStatementPdf, listInvoices, readStatement } from './portal-api.ts';

/** Days of each aging period of the A/R statement (its STATEMENT_PERIOD_DAYS). */
const PERIOD_DAYS = 30;

export function InvoicesScreen() {
  const t = usePortalText();
  return (
    <div className="erp-portal" data-portal-screen="invoices">
      <h1 className="erp-portal__title">{t('invoices.title')}</h1>
      <RequireAccount>
        {(billToId) => <InvoicesOf key={billToId} billToId={billToId} />}
      </RequireAccount>
    </div>
  );
}

/** The label of an aging bucket (`periods`: how many past-due buckets): Current, 1–30 days, …, over 210 days. */
function bucketLabel(t: ReturnType<typeof usePortalText>, bucket: string, periods: number): string {
  if (bucket === 'Current') return t('statement.current');
  const k = Number(bucket.replace('Period', ''));
  if (k >= periods) return t('statement.over', { days: (periods - 1) * PERIOD_DAYS });
  return t('statement.period', { from: (k - 1) * PERIOD_DAYS + 1, to: k * PERIOD_DAYS });
}

/**
 * The statement, then the invoices. Issue 69 item 3 (CLS): the list is built (its call leaves) at once but shown
 * once the statement above it is in, so the statement's filling in moves nothing on screen.
 */
function InvoicesOf({ billToId }: { billToId: string }) {
  const [statementIn, setStatementIn] = useState(false);
  return (
    <>
      <StatementPanel billToId={billToId} onSettled={() => setStatementIn(true)} />
      <div hidden={!statementIn}>
        <InvoiceList billToId={billToId} />
      </div>
    </>
  );
}

function StatementPanel({ billToId, onSettled }: { billToId: string; onSettled(): void }) {
  const t = usePortalText();
  const id = useId();
  const result = useLoad(() => readStatement(billToId), [billToId]);
  const settled = !result.loading;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  const [error, setError] = useState<unknown>(null);
  const statement = result.data;

  const pdf = async () => {
    setError(null);
    try {
      await downloadStatementPdf(billToId);
    } catch (failure) {
      if (!isAbort(failure)) setError(failure);
    }
  };

  return (
    <section className="erp-portal__panel" aria-labelledby={`${id}-h`} data-portal="statement">
      <h2 id={`${id}-h`}>{t('statement.title')}</h2>
      {result.error ? <StatusMessage kind="error">{failureText(t, result.error)}</StatusMessage> : null}
      {statement ? (
        <>
          <p className="erp-portal__row">
            <span>
              {t('statement.asOf', { date: displayDate(statement.StatementDate) })} — {t('statement.balance')}{' '}
              <strong data-portal="statement-balance">{money(statement.Balance)}</strong>
            </span>
            <button type="button" data-portal="statement-pdf" onClick={() => void pdf()}>
              {t('statement.pdf')}
            </button>
          </p>
          {error ? <StatusMessage kind="error">{failureText(t, error)}</StatusMessage> : null}
          <dl className="erp-portal__aging" data-portal="aging" aria-label={t('statement.aging')}>
            {Object.entries(statement.Aging).map(([bucket, amount]) => (
              <div key={bucket} className="erp-portal__aging-bucket">
                <dt>{bucketLabel(t, bucket, Object.keys(statement.Aging).length - 1)}</dt>
                <dd className="erp-portal__num">{money(amount)}</dd>
              </div>
            ))}
          </dl>
          {statement.Items.length === 0 ? (
            <p className="erp-portal__empty">{t('statement.none')}</p>
          ) : (
            <details className="erp-portal__details">
              <summary>{t('statement.items', { count: statement.Items.length })}</summary>
              <table className="erp-portal__table erp-portal__cards" data-portal="statement-items">
                <thead>
                  <tr>
                    <th scope="col">{t('invoices.date')}</th>
                    <th scope="col">{t('invoices.type')}</th>
                    <th scope="col">{t('invoices.number')}</th>
                    <th scope="col">{t('invoices.dueDate')}</th>
                    <th scope="col" className="erp-portal__num">{t('invoices.amount')}</th>
                    <th scope="col" className="erp-portal__num">{t('invoices.open')}</th>
                    <th scope="col" className="erp-portal__num">{t('statement.runningBalance')}</th>
                  </tr>
                </thead>
                <tbody>
                  {statement.Items.map((item, index) => (
                    <tr key={`${item.DocumentNo}-${index}`}>
                      <td data-label={t('invoices.date')}>{displayDate(item.DocumentDate)}</td>
                      <td data-label={t('invoices.type')}>{item.ItemType ? t(`itemType.${item.ItemType}`, { defaultValue: item.ItemType }) : ''}</td>
                      <td data-label={t('invoices.number')}>{item.DocumentNo}</td>
                      <td data-label={t('invoices.dueDate')}>{displayDate(item.DueDate)}</td>
                      <td data-label={t('invoices.amount')} className="erp-portal__num">{money(item.Amount)}</td>
                      <td data-label={t('invoices.open')} className="erp-portal__num">{money(item.OpenBalance)}</td>
                      <td data-label={t('statement.runningBalance')} className="erp-portal__num">{money(item.Balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
        </>
      ) : null}
    </section>
  );
}

function InvoiceList({ billToId }: { billToId: string }) {
  const t = usePortalText();
  const ids = { heading: useId(), search: useId(), type: useId() };
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ search: '', type: '', page: 1 });
  const result = useLoad(() => listInvoices({ billToId, ...query }), [billToId, query]);
  const pages = result.data ? Math.max(1, Math.ceil(result.data.TotalCount / INVOICE_PAGE_SIZE)) : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery((q) => ({ ...q, search: draft, page: 1 }));
  };

  return (
    <section className="erp-portal__panel" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('invoices.listTitle')}</h2>
      <form className="erp-portal__row erp-portal__filters" role="search" onSubmit={submit}>
        <span className="erp-portal__field">
          <label htmlFor={ids.search}>{t('invoices.search')}</label>
          <input id={ids.search} type="search" maxLength={100} value={draft} onChange={(event) => setDraft(event.target.value)} />
        </span>
        <span className="erp-portal__field">
          <label htmlFor={ids.type}>{t('invoices.type')}</label>
          <select id={ids.type} value={query.type} onChange={(event) => setQuery((q) => ({ ...q, type: event.target.value, page: 1 }))}>
            <option value="">{t('invoices.anyType')}</option>
            <option value="Invoice">{t('itemType.Invoice')}</option>
            <option value="CreditNote">{t('itemType.CreditNote')}</option>
          </select>
        </span>
        <button type="submit">{t('catalogue.searchButton')}</button>
      </form>
      {result.error ? <StatusMessage kind="error">{failureText(t, result.error)}</StatusMessage> : null}
      {result.data && result.data.List.length === 0 ? <p className="erp-portal__empty">{t('invoices.none')}</p> : null}
      {result.data && result.data.List.length > 0 ? (
        <table className="erp-portal__table erp-portal__cards" data-portal="invoices">
          <caption className="erp-portal__caption">{t('invoices.caption', { count: result.data.TotalCount })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoices.number')}</th>
              <th scope="col">{t('invoices.type')}</th>
              <th scope="col">{t('invoices.date')}</th>
              <th scope="col">{t('invoices.dueDate')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('invoices.order')}</th>
              <th scope="col" className="erp-portal__num">{t('columns.total')}</th>
              <th scope="col" className="erp-portal__num">{t('invoices.open')}</th>
            </tr>
          </thead>
          <tbody>
            {result.data.List.map((invoice) => (
              <tr key={invoice.InvoiceId} data-invoice-no={invoice.DocumentNo}>
                <td data-label={t('invoices.number')} className="erp-portal__card-title">
                  <button type="button" className="erp-portal__link" onClick={() => openInvoice(invoice.InvoiceId)}>
                    {invoice.DocumentNo}
                  </button>
                </td>
                <td data-label={t('invoices.type')}>{t(`itemType.${invoice.DocumentType}`)}</td>
                <td data-label={t('invoices.date')}>{displayDate(invoice.InvoiceDate)}</td>
                <td data-label={t('invoices.dueDate')}>{displayDate(invoice.DueDate)}</td>
                <td data-label={t('columns.status')}>{t(`invoiceStatus.${invoice.Status}`, { defaultValue: invoice.Status })}</td>
                <td data-label={t('invoices.order')}>{invoice.OrderNo ?? ''}</td>
                <td data-label={t('columns.total')} className="erp-portal__num">{money(invoice.Total)}</td>
                <td data-label={t('invoices.open')} className="erp-portal__num">{money(invoice.OpenBalance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result.data ? <Pager page={query.page} pages={pages} onPage={(page) => setQuery((q) => ({ ...q, page }))} /> : null}
    </section>
  );
}
