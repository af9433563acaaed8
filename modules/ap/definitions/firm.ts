/**
 * What Payables adds to the shell's firm (issue 41, `ModuleDefinition.extends`): the AP firm id (§5: not negative),
 * on the Accounting section Receivables adds, before the commission percent. Strings: `ap:firm.*`
 * (modules/ap/locales/<lng>/ap.json).
 */
import type { EntityExtension } from '@erp/shared/entities/define';

export const firmExtensions: readonly EntityExtension[] = [
  {
    entity: 'firm',
    fields: { ApFirmId: { type: 'integer', min: 0, minKey: 'ap:firm.rules.apFirmIdNegative' } },
    formFields: [{ field: 'ApFirmId', before: 'CommissionPercent' }],
    messages: { 'ap:firm.rules.apFirmIdNegative': 'AP firm id cannot be negative.' },
  },
];
