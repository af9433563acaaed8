/** The document form's pure state (issue 12): allowed actions per state, stable line ids, the lines sent. */
import { describe, expect, it } from 'vitest';
import { glJournalEntry } from '../../../../shared/src/modules/gl/gl-journal-entry.ts';
import { allowedActions, isBlankLine, isDeletable, isEditable, linesDraft, linesField, linesWire, newLineDraft } from './document-state.ts';

describe('document state', () => {
  it('offers exactly the transitions of the state, and edits only where the state allows', () => {
    expect(allowedActions(glJournalEntry, null, null).map((a) => a.action)).toEqual(['post']);
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
    expect(linesWire(field, [...rows, { ...added, AccountId: '4100', Credit: '1.50' }])).toEqual([
      { LineId: 7, AccountId: '1000', Description: '', Debit: '1.50', Credit: null },
      { LineId: null, AccountId: '4100', Description: '', Debit: null, Credit: '1.50' },
    ]);
  });
});
