/**
 * Payroll cheque printing (`/novus-pr/cheque-printing` → `@erp/payroll#ChequePrinting`; issue 29 item 4): a pay
 * date is chosen; "Download cheques (PDF)" gets its paid cheques with their pay stubs (GET /api/pr/cheques,
 * Payables' cheque writer) and "Download direct-deposit file" its CPA-005 file (GET /api/pr/deposit-file).
 * Cheques are numbered and deposits filed by Payment processing; every rule and message is the server's.
 */
import { useState } from 'react';
import { api, saveFile, translate } from '@erp/shared';
import { useText } from '@erp/records';

export function ChequePrinting() {
  const { tr } = useText();
  const [payDate, setPayDate] = useState(new Date().toISOString().slice(0, 10));
  const title = translate('pr:chequePrinting.title', 'Cheque Printing');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(payDate);

  async function download(kind: 'cheques' | 'deposit-file') {
    try {
      const file = await api.download(`pr/${kind}?PayDate=${encodeURIComponent(payDate)}`);
      saveFile(file, kind === 'cheques' ? `payroll-cheques-${payDate}.pdf` : `payroll-deposits-${payDate}.txt`);
    } catch {
      // The client alerted the §8 download message.
    }
  }

  return (
    <div className="records-screen" data-f2-navigation="">
      <h2 className="records-title">{title}</h2>
      <section className="records-panel" aria-label={title} data-f2-region="">
        <div className="report-parameters">
          <div className="report-parameters__fields">
            <div className="report-parameters__field">
              <label htmlFor="pr-cheque-printing-date">{tr('pr:chequePrinting.payDate', 'Pay date')}</label>
              <input id="pr-cheque-printing-date" type="date" value={payDate} onChange={(event) => setPayDate(event.target.value)} />
            </div>
          </div>
        </div>
        <div className="records-toolbar">
          <button type="button" className="records-button records-button--primary" disabled={!valid} onClick={() => void download('cheques')}>
            {tr('pr:chequePrinting.downloadPdf', 'Download cheques (PDF)')}
          </button>
          <button type="button" className="records-button" disabled={!valid} onClick={() => void download('deposit-file')}>
            {tr('pr:chequePrinting.downloadDeposits', 'Download direct-deposit file')}
          </button>
        </div>
      </section>
    </div>
  );
}
