/**
 * The form's draft ↔ wire conversion and what a save sends, checked with the real firm and user
 * definitions and the one shared validator.
 */
import { describe, expect, it } from 'vitest';
import { company, firm, user } from '../../../../modules/shell/definitions/index.ts';
import type { AnyEntity } from '../../../../shared/src/entities/define.ts';
import { dirtyFields, editableFields, saveInput, toDraft, validateDraft, wireValue, type FormAccess } from './form-state.ts';

const FIRM = firm as unknown as AnyEntity;
const USER = user as unknown as AnyEntity;
const COMPANY = company as unknown as AnyEntity;
const ADMIN: FormAccess = { CanWrite: true, Hidden: [], ReadOnly: [] };

const stored: Record<string, unknown> = {
  FirmId: 'B100',
  Name: 'Northshore Metals Ltd.',
  FirmTypes: ['bill-to'],
  IsActive: true,
  BillToId: null,
  CreditLimit: '250000.00',
  CommissionPercent: '2.50',
  Contacts: [{ ContactKey: 7, Name: 'Ann', Title: null, Phone: null, Email: null, IsPrimary: true }],
  Version: 3,
};

describe('draft and wire forms', () => {
  it('drafts numbers as text and nulls as blanks, and converts back', () => {
    const draft = toDraft(FIRM, stored);
    expect(draft['CreditLimit']).toBe('250000.00');
    expect(draft['BillToId']).toBe('');
    expect(draft['FirmTypes']).toEqual(['bill-to']);
    expect((draft['Contacts'] as Record<string, unknown>[])[0]).toMatchObject({ ContactKey: 7, Name: 'Ann', Title: '' });
    // Exact decimals stay strings (issue 12).
    expect(wireValue(FIRM.fields['CreditLimit']!, '1234.50')).toBe('1234.50');
    expect(wireValue(FIRM.fields['CreditLimit']!, ' ')).toBeNull();
    // Not a number: passed on, so the validator says so.
    expect(wireValue(FIRM.fields['CreditLimit']!, '12a')).toBe('12a');
    expect(wireValue(FIRM.fields['BillToId']!, '')).toBeNull();
  });

  it('a new firm gets the definition defaults', () => {
    const draft = toDraft(FIRM, null);
    expect(draft['IsActive']).toBe(true);
    expect(draft['FirmTypes']).toEqual([]);
    expect(draft['Contacts']).toEqual([]);
  });
});

describe('what a save sends', () => {
  it('update: only the changed editable fields, never the key', () => {
    const initial = toDraft(FIRM, stored);
    const draft = { ...initial, Name: 'Renamed', FirmId: 'OTHER' };
    expect(dirtyFields(draft, initial).sort()).toEqual(['FirmId', 'Name']);
    expect(saveInput(FIRM, ADMIN, 'update', draft, initial)).toEqual({ Name: 'Renamed' });
  });

  it('nothing changed: the validator finds no change (No changes made.)', () => {
    const initial = toDraft(FIRM, stored);
    const { result } = validateDraft(FIRM, ADMIN, 'update', { ...initial }, initial, stored);
    expect(result.ok).toBe(true);
    expect(result.changed).toEqual([]);
  });

  it('§6 form widgets security: hidden and read-only fields are neither editable nor sent', () => {
    const access: FormAccess = { CanWrite: true, Hidden: ['CreditLimit'], ReadOnly: ['Phone'] };
    const editable = editableFields(FIRM, access, 'update');
    expect(editable).not.toContain('CreditLimit');
    expect(editable).not.toContain('Phone');
    expect(editable).not.toContain('FirmId');
    const initial = toDraft(FIRM, stored);
    const input = saveInput(FIRM, access, 'update', { ...initial, CreditLimit: '1', Phone: '905-555-0000' }, initial);
    expect(input).toEqual({});
    expect(editableFields(FIRM, { ...ADMIN, CanWrite: false }, 'update')).toEqual([]);
  });

  it('the shared validator reports blank required fields, bad numbers and the §5 firm rules', () => {
    const initial = toDraft(FIRM, null);
    const draft = { ...initial, FirmId: '', Name: '', CreditLimit: '12a', CommissionPercent: '-1' };
    const { result } = validateDraft(FIRM, ADMIN, 'create', draft, initial, null);
    const byField = Object.fromEntries(result.errors.map((error) => [error.field, error.message]));
    expect(byField['FirmId']).toBe('Firm ID cannot be blank.');
    expect(byField['Name']).toBe('Name is required.');
    expect(byField['CreditLimit']).toBe('Credit Limit must be a number such as 1250.00.');
    expect(byField['CommissionPercent']).toBe('Commission percent cannot be negative.');
    expect(byField['FirmTypes']).toBe('Select at least one firm type.');
  });

  it('messages go through the translation function with the field label', () => {
    const initial = toDraft(FIRM, stored);
    const t = (key: string, _fallback: string, params?: Record<string, unknown>) => (params && 'label' in params ? `${key}|${String(params['label'])}` : key);
    const { result } = validateDraft(FIRM, ADMIN, 'update', { ...initial, Name: ' ' }, initial, stored, t);
    expect(result.errors[0]).toMatchObject({ field: 'Name', key: 'entities:validation.required' });
    expect(result.errors[0]!.message).toBe('entities:validation.required|entities:firm.fields.Name');
  });

  it('write-only: the initial password is sent only when typed', () => {
    const initial = toDraft(USER, { UserId: 'u1', DisplayName: 'U', Roles: [], AssignedCustomers: [], Version: 1 });
    expect(initial['InitialPassword']).toBe('');
    expect(saveInput(USER, ADMIN, 'update', { ...initial }, initial)).toEqual({});
    expect(saveInput(USER, ADMIN, 'update', { ...initial, InitialPassword: 'Secret#2026' }, initial)).toEqual({ InitialPassword: 'Secret#2026' });
  });

  it('read-only definition fields (the company logo) are never sent', () => {
    const initial = toDraft(COMPANY, null);
    const input = saveInput(COMPANY, ADMIN, 'create', { ...initial, CompanyId: 'C1', Name: 'C', Logo: 'AAAA' }, initial);
    expect(input).not.toHaveProperty('Logo');
    expect(input).not.toHaveProperty('LogoFileType');
    expect(input).toMatchObject({ CompanyId: 'C1', Name: 'C' });
  });
});
