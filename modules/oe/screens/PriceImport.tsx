/**
 * Price table import/export (OE-07) and product price import (OE-08) — one screen, two targets (issue 25 item
 * 3). Preview → confirm → run → result, like a process: the chosen .xlsx is checked whole by the server
 * (`Confirm=false`: nothing written) and shown — every refused row with its row number, column and reason, or
 * the rows ready — and only "Import" writes them, all in one transaction. Export downloads the table (or the
 * list prices) in the same layout, so a file can go out, be edited and come back.
 * Calls: modules/oe/server/maintenance/routes.ts.
 */
import { useId, useState } from 'react';
import { api, saveFile } from '@erp/shared';
import { FileInput, LookupInput, uploadFile, useText } from '@erp/records';

export type ImportTargetName = 'table' | 'list';

interface RowError {
  Row: number | null;
  Column: string | null;
  Message: string;
}

interface ReadyRow {
  Row: number;
  ProductId: string;
  PriceType: string;
  FromQuantity: string;
  ToQuantity: string | null;
  Price: string;
}

type Outcome = { kind: 'refused'; message: string; errors: RowError[] } | { kind: 'ready'; message: string; rows: ReadyRow[] } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

const SHOWN = 200;

export function PriceImport({ target }: { target: ImportTargetName }) {
  const { tr } = useText();
  const ids = { table: useId(), file: useId(), status: useId() };
  const [tableId, setTableId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const base = target === 'table' ? `oe/price-table/${encodeURIComponent(tableId.trim().toUpperCase())}` : 'oe/product-prices';
  const ready = target === 'list' || tableId.trim() !== '';

  const send = async (confirm: boolean) => {
    if (!file || !ready) return;
    setBusy(true);
    try {
      const answer = await uploadFile<unknown>(`${base}/import?Confirm=${confirm}`, file);
      const body = answer.body as { ResultCode?: string; List?: unknown[] } | null;
      const message = answer.message ?? '';
      if (body?.ResultCode === 'import_refused') setOutcome({ kind: 'refused', message, errors: (body.List ?? []) as RowError[] });
      else if (body?.ResultCode === 'preview') setOutcome({ kind: 'ready', message, rows: (body.List ?? []) as ReadyRow[] });
      else if (body?.ResultCode === 'imported') {
        setOutcome({ kind: 'done', message });
        setFile(null);
      } else setOutcome({ kind: 'failed', message });
    } finally {
      setBusy(false);
    }
  };

  const exportFile = async () => {
    if (!ready) return;
    const file = await api.download(`${base}/export`);
    saveFile(file, target === 'table' ? `price-table-${tableId}.xlsx` : 'list-prices.xlsx');
  };

  const title = target === 'table' ? tr('oe:import.tableTitle', 'Price table import/export') : tr('oe:import.listTitle', 'Product price import');
  return (
    <section className="records-screen oe-import" aria-labelledby={`${ids.status}-title`}>
      <h2 className="records-title" id={`${ids.status}-title`}>
        {title}
      </h2>
      <p>{target === 'table' ? tr('oe:import.tableHelp', 'Columns: ProductId, PriceType, FromQuantity, ToQuantity, Price, ExpiryDate. The file replaces every row of the table.') : tr('oe:import.listHelp', 'Columns: ProductId, PriceType, FromQuantity, ToQuantity, Price, EffectiveDate, ExpiryDate. The file replaces the list prices of each product it names.')}</p>
      <div className="report-parameters">
        <div className="report-parameters__fields">
        {target === 'table' && (
          <div className="report-parameters__field">
            <label htmlFor={ids.table}>{tr('oe:reports.parameters.PriceTableId', 'Price table')}</label>
            <LookupInput id={ids.table} value={tableId} onChange={(value) => { setTableId(value); setOutcome(null); }} entity="price-table" label={tr('oe:reports.parameters.PriceTableId', 'Price table')} readOnly={false} invalid={false} describedBy={undefined} />
          </div>
        )}
        <div className="report-parameters__field">
          <FileInput
            id={ids.file}
            label={tr('oe:import.file', 'Workbook (.xlsx)')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            file={file}
            onFile={(picked) => {
              setFile(picked);
              setOutcome(null);
            }}
          />
        </div>
        </div>
        <div className="report-parameters__buttons">
          <button type="button" className="records-button records-button--primary" disabled={!file || !ready || busy} onClick={() => void send(false)}>
            {tr('oe:import.check', 'Check file')}
          </button>
          <button type="button" className="records-button" disabled={!ready || busy} onClick={() => void exportFile()}>
            {tr('oe:import.export', 'Export')}
          </button>
        </div>
      </div>
      <div id={ids.status} role={outcome?.kind === 'refused' || outcome?.kind === 'failed' ? 'alert' : 'status'} className="records-status">
        {outcome?.message}
      </div>
      {outcome?.kind === 'refused' && outcome.errors.length > 0 && (
        <div className="report-grid-frame">
        <table className="report-grid oe-import__errors">
          <caption className="report-grid__caption">{tr('oe:import.errors', 'Rows refused')}</caption>
          <thead>
            <tr>
              <th className="report-grid__header" scope="col">{tr('oe:import.row', 'Row')}</th>
              <th className="report-grid__header" scope="col">{tr('oe:import.column', 'Column')}</th>
              <th className="report-grid__header" scope="col">{tr('oe:import.reason', 'Reason')}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.errors.map((error, index) => (
              <tr key={index} className="report-row">
                <td className="records-cell">{error.Row ?? ''}</td>
                <td className="records-cell">{error.Column ?? ''}</td>
                <td className="records-cell">{error.Message}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      {outcome?.kind === 'ready' && (
        <>
          <div className="report-parameters__buttons">
            <button type="button" className="records-button records-button--primary" disabled={busy} onClick={() => void send(true)}>
              {tr('oe:import.run', 'Import')}
            </button>
          </div>
          <div className="report-grid-frame">
          <table className="report-grid oe-import__rows">
            <caption className="report-grid__caption">{tr('oe:import.preview', 'Rows to import')}</caption>
            <thead>
              <tr>
                {(['Row', 'ProductId', 'PriceType', 'FromQuantity', 'ToQuantity', 'Price'] as const).map((column) => (
                  <th key={column} className="report-grid__header" scope="col">
                    {column === 'Row' ? tr('oe:import.row', 'Row') : tr(`oe:reports.columns.${column}`, column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {outcome.rows.slice(0, SHOWN).map((row) => (
                <tr key={row.Row} className="report-row">
                  <td className="records-cell">{row.Row}</td>
                  <td className="records-cell">{row.ProductId}</td>
                  <td className="records-cell">{tr(`oe:price-table.priceTypes.${row.PriceType}`, row.PriceType)}</td>
                  <td className="records-cell">{row.FromQuantity}</td>
                  <td className="records-cell">{row.ToQuantity ?? ''}</td>
                  <td className="records-cell">{row.Price}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </>
      )}
    </section>
  );
}

/** OE-07 `/price-table-import-export`. */
export const TableImport = () => <PriceImport target="table" />;
/** OE-08 `/product-price-import`. */
export const ListImport = () => <PriceImport target="list" />;
