/**
 * Cheque printing (AP-03, route `/novus-ap/cheque-Printing` → `@erp/accounting#ChequePrinting`; issue 24
 * item 2). Two tabs (`TabbedPanes` of `@erp/records`):
 * - Print: an approved payment run is chosen; its bank's next cheque number is proposed as the starting number
 *   (GET /api/ap/ap-payment-batch/:id/next-cheque); "Print" runs the run's `print` action (cheques numbered,
 *   payments posted — or the EFT file written) and downloads the cheques' PDF; a printed run's PDF and EFT file
 *   can be downloaded again. Every rule is the server's (§8 "Cheque number has been used." comes back as the
 *   action's message, in the user's language).
 * - Vendor bank details (`ap-vendor-bank`): where EFT payments go.
 * - Vendor defaults (`ap-vendor-default`): the currency, terms, bank, account and taxes a vendor's invoices take.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, saveFile, translate } from '@erp/shared';
import { entityByName } from '@erp/shared/entities/index';
import { EntityScreenView, recordCall, recordPath, TabbedPanes, useText } from '@erp/records';

/** A payment run in wire form, as its list and its record answer it (the fields this screen reads by name). */
interface PaymentRun {
  BatchId?: unknown;
  BatchNo?: unknown;
  BankAccountId?: unknown;
  PaymentMethod?: unknown;
  Status?: unknown;
  Version?: unknown;
  ActionResult?: unknown;
  [field: string]: unknown;
}

function PrintPane() {
  const { tr } = useText();
  const [runs, setRuns] = useState<PaymentRun[]>([]);
  const [batchId, setBatchId] = useState('');
  const [starting, setStarting] = useState('');
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const outcome = await recordCall<unknown>('GET', 'data/ap-payment-batch', undefined, { Page: 1, PageSize: 250 });
    const list = ((outcome.body?.List as PaymentRun[] | undefined) ?? []).filter((row) => row['Status'] === 'Approved' || row['Status'] === 'Printed');
    setRuns(list);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const run = runs.find((row) => String(row['BatchId']) === batchId) ?? null;

  useEffect(() => {
    if (!run || run['Status'] !== 'Approved') return;
    void recordCall<unknown>('GET', `ap/ap-payment-batch/${encodeURIComponent(String(run['BatchId']))}/next-cheque`).then((outcome) => {
      const next = (outcome.body as { NextChequeNo?: number } | undefined)?.NextChequeNo;
      if (typeof next === 'number') setStarting(String(next));
    });
  }, [run]);

  /** true once the file is handed over. */
  async function download(kind: 'cheques' | 'eft'): Promise<boolean> {
    if (!run) return false;
    try {
      const file = await api.download(`ap/ap-payment-batch/${encodeURIComponent(String(run['BatchId']))}/${kind}`);
      saveFile(file, kind === 'cheques' ? 'cheques.pdf' : 'eft.txt');
      return true;
    } catch {
      // The client alerted the §8 download message.
      return false;
    }
  }

  async function print() {
    if (!run) return;
    setBusy(true);
    setMessage(null);
    try {
      // The run as it is now (its version: the list's rows carry none).
      const current = await recordCall<unknown>('GET', recordPath('ap-payment-batch', String(run['BatchId'])));
      const body: { Version: unknown; StartingChequeNo?: number } = { Version: (current.body?.Data as PaymentRun | undefined)?.['Version'] };
      if (run['PaymentMethod'] === 'Cheque' && starting.trim() !== '') body['StartingChequeNo'] = Number(starting.trim());
      const outcome = await recordCall<unknown>('POST', `ap/ap-payment-batch/${encodeURIComponent(String(run['BatchId']))}/print`, body);
      const text = outcome.body?.Message ?? outcome.message ?? '';
      if (outcome.status === 200 && outcome.body?.ResultStatus === 1) {
        setMessage({ kind: 'info', text });
        await load();
        // Issue 40 item 4: "printed" (the run's ActionResult) only once the file is handed over.
        const done = ((outcome.body?.Data as PaymentRun | undefined)?.['ActionResult'] as { Download?: { Message?: string } } | undefined)?.Download?.Message;
        if ((await download(run['PaymentMethod'] === 'EFT' ? 'eft' : 'cheques')) && done) setMessage({ kind: 'info', text: done });
      } else setMessage({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  const label = (row: PaymentRun) => `${String(row['BatchNo'] ?? row['BatchId'])} · ${String(row['BankAccountId'])} · ${tr(`ap:ap-payment-batch.methods.${String(row['PaymentMethod'])}`, String(row['PaymentMethod']))} · ${tr(`ap:ap-payment-batch.statuses.${String(row['Status'])}`, String(row['Status']))}`;

  return (
    <section className="records-panel" aria-label={tr('ap:cheque-printing.print', 'Print')}>
      <div className="report-parameters">
        <div className="report-parameters__fields">
        <div className="report-parameters__field">
          <label htmlFor="ap-cheque-printing-run">{tr('ap:cheque-printing.run', 'Payment run')}</label>
          <select id="ap-cheque-printing-run" value={batchId} onChange={(event) => setBatchId(event.target.value)}>
            <option value="">{tr('ap:cheque-printing.choose', 'Choose a run')}</option>
            {runs.map((row) => (
              <option key={String(row['BatchId'])} value={String(row['BatchId'])}>
                {label(row)}
              </option>
            ))}
          </select>
        </div>
        <div className="report-parameters__field">
          <label htmlFor="ap-cheque-printing-starting">{tr('ap:cheque-printing.starting', 'Starting cheque number')}</label>
          <input id="ap-cheque-printing-starting" inputMode="numeric" value={starting} disabled={!run || run['Status'] !== 'Approved' || run['PaymentMethod'] !== 'Cheque'} onChange={(event) => setStarting(event.target.value)} />
        </div>
        </div>
      </div>
      <div className="records-toolbar">
        <button type="button" className="records-button records-button--primary" disabled={!run || run['Status'] !== 'Approved' || busy} onClick={() => void print()}>
          {tr('ap:cheque-printing.printButton', 'Print')}
        </button>
        <button type="button" className="records-button" disabled={!run || run['Status'] !== 'Printed' || run['PaymentMethod'] !== 'Cheque'} onClick={() => void download('cheques')}>
          {tr('ap:cheque-printing.downloadPdf', 'Download cheques (PDF)')}
        </button>
        <button type="button" className="records-button" disabled={!run || run['Status'] !== 'Printed' || run['PaymentMethod'] !== 'EFT'} onClick={() => void download('eft')}>
          {tr('ap:cheque-printing.downloadEft', 'Download EFT file')}
        </button>
      </div>
      <p className={message?.kind === 'error' ? 'records-notice records-notice--error' : 'records-notice'} role={message?.kind === 'error' ? 'alert' : 'status'}>
        {message?.text ?? ''}
      </p>
    </section>
  );
}

export function ChequePrinting() {
  const title = translate('ap:cheque-printing.title', 'Cheque Printing');
  const vendorBank = useMemo(() => entityByName('ap-vendor-bank'), []);
  const vendorDefault = useMemo(() => entityByName('ap-vendor-default'), []);
  return (
    <div className="records-screen" data-f2-navigation="">
      <h2 className="records-title">{title}</h2>
      <TabbedPanes
        label={title}
        panes={[
          { key: 'print', label: translate('ap:cheque-printing.print', 'Print'), content: <PrintPane /> },
          { key: 'banks', label: translate('ap:ap-vendor-bank.title', 'Vendor Bank Details'), content: vendorBank ? <EntityScreenView entities={[vendorBank]} routeProps={{}} addressed={false} /> : null },
          { key: 'defaults', label: translate('ap:ap-vendor-default.title', 'Vendor Defaults'), content: vendorDefault ? <EntityScreenView entities={[vendorDefault]} routeProps={{}} addressed={false} /> : null },
        ]}
      />
    </div>
  );
}
