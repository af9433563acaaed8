/**
 * Cash Receipts (AR-04, route `cash-receipts` → `@erp/accounting#CashReceipts`, issue 14 item 3): two
 * documents in one screen, chosen by a tab list (`TabbedPanes` of `@erp/records`: arrow keys, Home, End) —
 * - Receipts (`cash-receipt`): the receipt, its applications to the customer's open invoices, the explicit
 *   unapplied amount, "Select open invoices" and Post;
 * - Apply unapplied credits (`ar-credit-application`): applying the open credit of a posted receipt or credit
 *   note to invoices later, moving no cash.
 * Each is the generic document pane of `@erp/records` (list, form, states and actions); every rule is the
 * server's (modules/ar/server/receipts/), shown in the user's language. "Select open invoices" first asks
 * which of the customer's open invoices to add (OpenInvoicePicker, issue 21 item 8).
 */
import { useMemo, useState } from 'react';
import { translate } from '@erp/shared';
import { entityByName } from '@erp/shared/entities/index';
import { DocumentPane, TabbedPanes, type ActionInputs } from '@erp/records';
import { OpenInvoicePicker } from './OpenInvoicePicker.tsx';

const DOCUMENTS = [
  { entity: 'cash-receipt', labelKey: 'ar:receipts.screen.receipts', fallback: 'Receipts' },
  { entity: 'ar-credit-application', labelKey: 'ar:receipts.screen.credits', fallback: 'Apply unapplied credits' },
] as const;

export function CashReceipts() {
  const entities = useMemo(() => DOCUMENTS.map((document) => ({ ...document, def: entityByName(document.entity) })), []);
  const title = translate('ar:cash-receipt.title', 'Cash Receipts');
  // The open picker: the receipt it picks for and where its answer goes (the action's body, or no action).
  const [picking, setPicking] = useState<{ receiptId: string; answer(input: Record<string, unknown> | null): void } | null>(null);
  const receiptInputs = useMemo<ActionInputs>(
    () => ({
      'auto-apply': (record) => new Promise((answer) => setPicking({ receiptId: String(record['ReceiptId']), answer })),
    }),
    [],
  );

  return (
    <div className="records-screen" data-f2-navigation="">
      <h2 className="records-title">{title}</h2>
      <TabbedPanes
        label={translate('ar:receipts.screen.tabs', title)}
        panes={entities.map((document) => ({
          key: document.entity,
          label: translate(document.labelKey, document.fallback),
          // The screen's address is its receipts' (issue 71 item 1): a credit application saved leaves it alone.
          content: document.def ? <DocumentPane entity={document.def} actionInputs={document.entity === 'cash-receipt' ? receiptInputs : undefined} addressed={document.entity === 'cash-receipt'} /> : null,
        }))}
      />
      {picking && (
        <OpenInvoicePicker
          receiptId={picking.receiptId}
          onDone={(picked) => {
            setPicking(null);
            picking.answer(picked && picked.length > 0 ? { Invoices: picked } : null);
          }}
        />
      )}
    </div>
  );
}
