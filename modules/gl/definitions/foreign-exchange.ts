/**
 * Foreign exchange rates (`foreign-exchange`, screen GL-07): how many units of `ToCurrency` one unit of
 * `FromCurrency` buys from `EffectiveDate` on (domain notes §0: statutory and exchange rates are
 * effective-dated; the rate on a document's date is the latest one on or before it), and the fluctuation (%)
 * a document's own rate may differ from it before the user is asked. Rate: exact decimal RATE (12,6).
 */
import { RATE } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { CURRENCY, GL_NAMESPACE, GL_ROLES } from './common.ts';

export const foreignExchange = defineEntity({
  name: 'foreign-exchange',
  namespace: GL_NAMESPACE,
  table: 'fx_rates',
  key: 'RateKey',
  keyKind: 'auto',
  application: 'NOVUS-GL',
  fields: {
    RateKey: { type: 'integer', readOnly: true },
    FromCurrency: { ...CURRENCY, required: true },
    ToCurrency: { ...CURRENCY, required: true, defaultValue: 'CAD' },
    EffectiveDate: { type: 'date', required: true },
    Rate: { ...RATE, required: true, min: '0.000001', minKey: 'gl:foreign-exchange.rules.ratePositive' },
    // A percentage: NUMERIC(5,2), 0 to 100.
    Fluctuation: { type: 'decimal', precision: 5, scale: 2, min: '0', max: '100', defaultValue: '0.00' },
  },
  listColumns: [{ field: 'RateKey', visible: false }, 'FromCurrency', 'ToCurrency', 'EffectiveDate', 'Rate', 'Fluctuation'],
  defaultSort: [{ field: 'FromCurrency' }, { field: 'ToCurrency' }, { field: 'EffectiveDate', descending: true }],
  filters: [
    { field: 'FromCurrency', op: 'eq' },
    { field: 'ToCurrency', op: 'eq' },
    { field: 'EffectiveDate', op: 'range' },
  ],
  uniques: [['FromCurrency', 'ToCurrency', 'EffectiveDate']],
  roles: GL_ROLES,
  attachments: false,
  rules: [
    (record) =>
      record['FromCurrency'] && record['FromCurrency'] === record['ToCurrency']
        ? { field: 'ToCurrency', key: 'gl:foreign-exchange.rules.sameCurrency' }
        : null,
  ],
  formLayout: { sections: [{ rows: [['FromCurrency', 'ToCurrency'], ['EffectiveDate'], ['Rate', 'Fluctuation']] }] },
});
