/**
 * The lots a document line of a lot-tracked product carries (issue 21 item 5): the line's own child rows, each a
 * lot number and its quantity, offered only for products marked TrackLot; their quantities sum to the line's.
 * The purchase receipt, the sales order and the product return hold them alike.
 */
import type { DecimalField, FieldSuggest, LineChildrenDefinition, ScalarField } from '@erp/shared/entities/define';

export interface LineLotsOptions {
  table: string;
  /** The entity's string key: `key('fields.Lines.Lots.label')` and the lot fields' labels under it. */
  key: (part: string) => string;
  /** The lot's quantity (the module's quantity field). */
  quantity: DecimalField;
  /** The line field the lots' quantities sum to, and the message when they do not. */
  lineField: string;
  sumKey: string;
  /** Fields after LotId, LotNo and Quantity (a receipt's heat and coil measures). */
  more?: Readonly<Record<string, ScalarField>>;
  /** The lots offered as LotNo is typed (a sales order line: the warehouse's lots of the product; issue 71 item 2). */
  suggest?: FieldSuggest;
}

export function lineLots({ table, key, quantity, lineField, sumKey, more = {}, suggest }: LineLotsOptions): LineChildrenDefinition {
  const label = (field: string) => key(`fields.Lines.Lots.fields.${field}`);
  return {
    table,
    parentColumn: 'line_id',
    key: 'LotId',
    maxItems: 200,
    labelKey: key('fields.Lines.Lots.label'),
    fields: {
      LotId: { type: 'integer', labelKey: label('LotId') },
      LotNo: { type: 'text', required: true, maxLength: 30, uppercase: true, pattern: '[A-Z0-9/._-]+', labelKey: label('LotNo'), ...(suggest ? { suggest } : {}) },
      Quantity: { ...quantity, required: true, labelKey: label('Quantity') },
      ...more,
    },
    sumEquals: { childField: 'Quantity', lineField, messageKey: sumKey },
    onlyWhen: { field: 'ProductId', mark: 'TrackLot' },
  };
}
