/**
 * What Payables adds to Purchasing's purchase order (issue 73 item 3: Purchasing does not require Payables, so it
 * names none of its tables): picking the vendor fills the terms of the vendor's payables defaults
 * (`ap_vendor_defaults.terms_code`, the ap-vendor-default screen) over the firm's account terms Purchasing fills.
 * An entity hook of a required module's entity, composed after the owner's (server/src/entities/hooks.ts
 * `composeHooks`: the later answer's fields win).
 */
import type { EntityHooks } from '@erp/server/entities/hooks';
import { apDb } from './tables.generated.ts';

export const purchaseOrderHooks: EntityHooks = {
  async defaults(ctx, trigger, record) {
    if (trigger !== 'VendorId') return {};
    const vendorId = String(record['VendorId']);
    // Only for a vendor firm that exists: Purchasing fills nothing for an unknown one.
    const payables = await apDb(ctx.db)
      .selectFrom('ap_vendor_defaults as d')
      .innerJoin('firms as f', 'f.firm_id', 'd.vendor_id')
      .select('d.terms_code')
      .where('d.vendor_id', '=', vendorId)
      .executeTakeFirst();
    return payables?.terms_code != null ? { TermsCode: payables.terms_code } : {};
  },
};
