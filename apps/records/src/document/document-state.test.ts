/** The document form's pure state (issue 12): allowed actions per state, stable line ids, the lines sent. */
import { describe, expect, it } from 'vitest';
import { unitDocument } from '../../../../shared/src/entities/unit-document.ts';
import { glJournalEntry } from '@erp/modules/gl/definitions/index';
import { product } from '@erp/modules/ic/definitions/index';
import { purchaseOrder } from '@erp/modules/po/definitions/index';
import { allowedActions, isBlankLine, isDeletable, isEditable, linesDraft, linesField, linesWire, newLineDraft } from './document-state.ts';

describe('document state', () => {
  it('offers exactly the transitions of the state, and edits only where the state allows', () => {
    // Issue 40 item 8: a new, unsaved document offers its actions but not one that voids it (it offers Discard).
    expect(allowedActions(glJournalEntry, null, null).map((a) => a.action)).toEqual(['post']);
    expect(allowedActions(purchaseOrder, null, null)).toEqual([]);
    expect(allowedActions(purchaseOrder, { Status: 'Open' }, null).map((a) => a.action)).toEqual(['cancel']);
    expect(allowedActions(glJournalEntry, { Status: 'Draft' }, null).map((a) => a.action)).toEqual(['post']);
    expect(allowedActions(glJournalEntry, { Status: 'Posted' }, null).map((a) => a.action)).toEqual(['reverse']);
    expect(allowedActions(glJournalEntry, { Status: 'Reversed' }, null)).toEqual([]);
    expect(allowedActions(glJournalEntry, { Status: 'Draft' }, ['CLERK'])).toEqual([]);
    expect(isEditable(glJournalEntry, { Status: 'Draft' })).toBe(true);
    expect(isEditable(glJournalEntry, { Status: 'Posted' })).toBe(false);
    expect(isDeletable(glJournalEntry, { Status: 'Posted' })).toBe(false);
    expect(isDeletable(glJournalEntry, null)).toBe(false);
  });

  it('keeps a stable client id per line and sends server ids, typed values and no computed fields', () => {
    const { field } = linesField(glJournalEntry)!;
    const rows = linesDraft(field, [{ LineId: 7, AccountId: '1000', Debit: '1.50', Credit: null, Description: null, Amount: '1.50' }]);
    const added = newLineDraft(field);
    expect(rows[0]!._rid).not.toBe(added._rid);
    expect(isBlankLine(field, added)).toBe(true);
    expect(isBlankLine(field, rows[0]!)).toBe(false);
    // A new line holding only its fields' defaults (a BoM line's factor 1) is still blank.
    const bom = linesField(product)!.field;
    expect(isBlankLine(bom, newLineDraft(bom))).toBe(true);
    expect(isBlankLine(bom, { ...newLineDraft(bom), ComponentId: 'EL-BOX-4SQ' })).toBe(false);
    expect(linesWire(field, [...rows, { ...added, AccountId: '4100', Credit: '1.50' }])).toEqual([
      { LineId: 7, AccountId: '1000', Description: '', Debit: '1.50', Credit: null },
      { LineId: null, AccountId: '4100', Description: '', Debit: null, Credit: '1.50' },
    ]);
  });

  it("keeps a line's own child rows (lineChildren) from the read to the save", () => {
    const def = unitDocument('doc-lots', {
      lines: true,
      fields: { LineId: { type: 'integer' }, Quantity: { type: 'decimal', scale: 3 } },
      lineChildren: { Lots: { table: 'unit_doc_lot_lots', parentColumn: 'line_id', key: 'LotId', fields: { LotId: { type: 'integer' }, LotNo: { type: 'text' } } } },
    });
    const { field } = linesField(def)!;
    const lots = [{ LotId: 3, LotNo: 'A' }];
    const rows = linesDraft(field, [{ LineId: 1, Quantity: '2.000', Lots: lots }]);
    expect(linesWire(field, [...rows, newLineDraft(field)])).toEqual([
      { LineId: 1, Quantity: '2.000', Lots: lots },
      { LineId: null, Quantity: null, Lots: [] },
    ]);
  });
});
