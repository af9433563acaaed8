/**
 * "Select open invoices" (issue 21 item 8): the receipt customer's open invoices, oldest due first — invoice,
 * date, due date, balance and the discount its terms allow on the receipt date (GET
 * /api/ar/cash-receipt/:id/open-invoices) — as a checklist in a modal dialog. Arrow keys move between the
 * invoices, Space checks one, Enter adds the checked ones, Escape cancels (the native dialog's cancel). The
 * server adds each picked invoice paid in full less that discount (the `auto-apply` action's `Invoices`).
 * Dates and amounts are written in the user's language (issue 71 item 2: the shared formatters, as the grids);
 * the dialog is styled as every `erp-dialog` (records.css).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatCalendarDate, formatDecimal } from '@erp/shared';
import { FormButton, recordCall, useText } from '@erp/records';

interface OpenInvoice {
  DocumentNo: string;
  DocumentDate: string;
  DueDate: string;
  Balance: string;
  DiscountAvailable: string;
}

export interface OpenInvoicePickerProps {
  receiptId: string;
  /** The document numbers checked, in the list's order; null when cancelled. */
  onDone(picked: string[] | null): void;
}

const COLUMNS = ['DocumentNo', 'DocumentDate', 'DueDate', 'Balance', 'DiscountAvailable'] as const;
const FALLBACK: Record<(typeof COLUMNS)[number], string> = { DocumentNo: 'Invoice', DocumentDate: 'Date', DueDate: 'Due date', Balance: 'Balance', DiscountAvailable: 'Discount available' };
const AMOUNTS: ReadonlySet<string> = new Set(['Balance', 'DiscountAvailable']);

/** A cell as the grids write it: dates in the language's date style, amounts with its separators. */
function shown(column: (typeof COLUMNS)[number], value: string): string {
  if (AMOUNTS.has(column)) return formatDecimal(value, 2);
  if (column === 'DocumentDate' || column === 'DueDate') return formatCalendarDate(value);
  return value;
}

export function OpenInvoicePicker({ receiptId, onDone }: OpenInvoicePickerProps) {
  const { tr } = useText();
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLTableSectionElement>(null);
  const [rows, setRows] = useState<OpenInvoice[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    let live = true;
    void recordCall<{ List?: OpenInvoice[]; Message?: string | null }>('GET', `ar/cash-receipt/${encodeURIComponent(receiptId)}/open-invoices`).then((outcome) => {
      if (!live) return;
      if (outcome.status === 200) setRows((outcome.body?.List ?? []) as OpenInvoice[]);
      else setFailure(outcome.body?.Message ?? tr('ar:cash-receipt.pick.failed', 'The open invoices could not be read.'));
    });
    return () => {
      live = false;
    };
  }, [receiptId, tr]);

  // The first invoice takes the focus once the list shows.
  useEffect(() => {
    if (rows && rows.length > 0) list.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
  }, [rows]);

  const toggle = (documentNo: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(documentNo)) next.delete(documentNo);
      else next.add(documentNo);
      return next;
    });

  const finish = () => onDone(rows ? rows.map((row) => row.DocumentNo).filter((documentNo) => checked.has(documentNo)) : []);

  function onListKey(event: KeyboardEvent<HTMLTableSectionElement>) {
    const boxes = [...(list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
    const at = boxes.indexOf(document.activeElement as HTMLInputElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at < 0 ? 0 : Math.min(boxes.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
      boxes[next]?.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      finish();
    }
  }

  const title = tr('ar:cash-receipt.actions.autoApply', 'Select open invoices');
  return (
    <dialog
      ref={dialog}
      className="erp-dialog ar-open-invoice-picker"
      aria-label={title}
      onCancel={(event) => {
        // Escape: the dialog closes as cancelled, nothing is added.
        event.preventDefault();
        onDone(null);
      }}
    >
      <h3>{title}</h3>
      {failure && <p role="alert">{failure}</p>}
      {rows && rows.length === 0 && <p role="status">{tr('ar:cash-receipt.pick.none', 'This customer has no other open invoices.')}</p>}
      {rows && rows.length > 0 && (
        <table className="records-table" aria-label={tr('ar:cash-receipt.pick.list', 'Open invoices')}>
          <thead>
            <tr>
              <th scope="col">{tr('ar:cash-receipt.pick.pick', 'Add')}</th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={AMOUNTS.has(column) ? 'erp-number' : undefined}>
                  {tr(`ar:cash-receipt.pick.columns.${column}`, FALLBACK[column])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={list} onKeyDown={onListKey}>
            {rows.map((row) => (
              <tr key={row.DocumentNo}>
                <td>
                  <input
                    type="checkbox"
                    checked={checked.has(row.DocumentNo)}
                    aria-label={tr('ar:cash-receipt.pick.row', 'Invoice {{invoice}}', { invoice: row.DocumentNo })}
                    onChange={() => toggle(row.DocumentNo)}
                  />
                </td>
                {COLUMNS.map((column) => (
                  <td key={column} className={AMOUNTS.has(column) ? 'erp-number' : undefined}>
                    {shown(column, row[column])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="erp-dialog-actions">
        <FormButton variant="primary" disabled={checked.size === 0} onClick={finish}>
          {tr('ar:cash-receipt.pick.add', 'Add selected', { count: checked.size })}
        </FormButton>
        <FormButton onClick={() => onDone(null)}>{tr('ar:cash-receipt.pick.cancel', 'Cancel')}</FormButton>
      </div>
    </dialog>
  );
}
