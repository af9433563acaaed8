/**
 * What Payables adds to Purchasing's receipt (issue 73 item 4: the module above says it, Purchasing names no A/P
 * document): the vendor invoice made from a posted receipt with lines still to invoice, and the invoices made from
 * it on the Related panel. Strings: `ap:po-receipt.*` (modules/ap/locales/<lng>/ap.json).
 */
import type { EntityExtension } from '@erp/shared/entities/define';

export const poReceiptExtensions: readonly EntityExtension[] = [
  {
    entity: 'po-receipt',
    related: [{ entity: 'ap-invoice', field: 'ReceiptId' }],
    makes: [
      {
        id: 'enter-invoice',
        entity: 'ap-invoice',
        labelKey: 'ap:po-receipt.makes.enterInvoice',
        states: ['Posted'],
        // A receipt every line of which is invoiced offers no vendor invoice (its lookup and the save refuse it too).
        when: 'Invoiceable',
        values: { ReceiptId: 'ReceiptId', VendorId: 'VendorId', TransactionDate: '$today', DocDate: '$today' },
        hotkey: 'Alt+V',
      },
    ],
  },
];
