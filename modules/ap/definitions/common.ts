/**
 * Pieces the Accounts Payable definitions share (issue 24; SCREENS.md WP5): the module's i18n namespace
 * (`locales/<lng>/ap.json`), who keeps payables (§6: the accounting applications are the administrators'; the
 * purchasing desk reads the purchase journal under Purchase Order), the sequences of its numbers and the
 * states of its documents.
 */
import type { EntityRoles, LookupField } from '@erp/shared/entities/define';
import { firmOfType } from '@erp/modules/shell/definitions/index';

export const AP = 'ap';

/** Payables documents: kept by administrators, read by the purchasing clerks (the purchase journal under PO). */
export const AP_ROLES: EntityRoles = { read: ['ADMIN', 'CLERK'], write: ['ADMIN'] };

/** Sequence counters (created on first use by the numbering service). */
export const AP_INVOICE_SEQUENCE = 'AP-INVOICE';
export const AP_BATCH_SEQUENCE = 'AP-PAYMENT-BATCH';

/**
 * §4 AP document (SCREENS.md WP5): Draft → Posted, or Exception when a receipt match is out of tolerance (not
 * posted; accepted or reopened); Posted ⇄ OnHold (a manual hold); Posted → Paid when payments close it. Only
 * Posted documents are offered to payment runs.
 */
export const AP_INVOICE_STATES = ['Draft', 'Exception', 'Posted', 'OnHold', 'Paid'] as const;

/** Payment batch (SCREENS.md WP5): Open → Approved → Printed (cheques) / Transmitted (EFT). */
export const AP_BATCH_STATES = ['Open', 'Approved', 'Printed'] as const;

/** §4 Cheque: Open → Cleared / Reconciled, or Open → Cancelled (the number stays used). */
export const CHEQUE_STATES = ['Open', 'Cleared', 'Reconciled', 'Cancelled'] as const;

export const PAYMENT_METHODS = ['Cheque', 'EFT'] as const;

/** A required, active vendor (a firm of type vendor), with the vendor invoice's messages (§5 Payables entry). */
export function vendorLookup(): LookupField {
  return firmOfType('vendor', {
    notOfType: `${AP}:ap-invoice.rules.notVendor`,
    missing: `${AP}:ap-invoice.rules.vendorMissing`,
    inactive: `${AP}:ap-invoice.rules.vendorInactive`,
  });
}
