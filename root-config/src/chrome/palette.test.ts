import { describe, expect, it } from 'vitest';
import type { Application, Menu } from '@erp/shared';
import { paletteEntries, paletteRecords } from './palette.ts';

let key = 0;
const menu = (Application: string, MenuId: string, MenuName: string, RouterPath: string, ParentId = 'ROOT', Sequence = 10, IsActive = true): Menu => ({
  MenuKey: ++key,
  Application,
  MenuId,
  MenuName,
  ParentId,
  Sequence,
  IsActive,
  RouterPath,
});

describe('command palette entries', () => {
  it('lists every active menu item with a screen, of every application, with its path', () => {
    const applications: Application[] = [
      { Application: 'HOME', Description: 'Home', RouterPath: '/' },
      { Application: 'NOVUS-GL', Description: 'General Ledger', RouterPath: '/novus-gl' },
      { Application: 'NOVUS-IC', Description: 'Inventory Control', RouterPath: 'novus-ic' },
    ];
    const menus = new Map<string, Menu[]>([
      [
        'NOVUS-GL',
        [
          menu('NOVUS-GL', 'GL0006', 'Setup', ''),
          { ...menu('NOVUS-GL', 'GL0111', 'GL Chart of Accounts', '/gl-chart', 'GL0006', 20), Keywords: 'accounts, chart of accounts' },
          menu('NOVUS-GL', 'GL0110', 'GL Control', '/gl-control', 'GL0006', 10),
          menu('NOVUS-GL', 'GL0999', 'Old', '/old', 'GL0006', 30, false),
          menu('NOVUS-GL', 'GL0007', 'Hidden group', '', 'ROOT', 90, false),
          menu('NOVUS-GL', 'GL0700', 'Under hidden', '/under', 'GL0007'),
          { ...menu('NOVUS-GL', 'GL0107', 'Trial Balance', '/trial-balance', 'GL0006', 40), Available: false },
        ],
      ],
      ['NOVUS-IC', [menu('NOVUS-IC', 'IC0104', 'Stock Status', '/Stock-Status')]],
    ]);
    expect(paletteEntries(applications, menus)).toEqual([
      { id: 'GL0110', label: 'GL Control', description: 'Setup', path: '/novus-gl/gl-control', application: 'General Ledger' },
      // The screen's search words (issue 40 item 2), searched by the palette.
      { id: 'GL0111', label: 'GL Chart of Accounts', description: 'Setup', path: '/novus-gl/gl-chart', application: 'General Ledger', keywords: 'accounts, chart of accounts' },
      {
        id: 'GL0107',
        label: 'Trial Balance',
        description: 'Setup',
        path: '/novus-gl/trial-balance',
        application: 'General Ledger',
        unavailable: true,
      },
      { id: 'IC0104', label: 'Stock Status', description: '', path: '/novus-ic/Stock-Status', application: 'Inventory Control' },
    ]);
  });
});

// Issue 42 item 1: the global search's answer as the palette shows it, the module named in the user's language.
describe('command palette records', () => {
  it('maps each hit to a record, the module by its application description', () => {
    const applications: Application[] = [{ Application: 'NOVUS-AR', Description: 'Comptes clients', RouterPath: '/novus-ar' }];
    const hits = [
      { Entity: 'ar-invoice', Id: '37', Number: 'AR000037', Name: 'Boreal Metals', Kind: 'Facture CR', Application: 'NOVUS-AR', Screen: '/novus-ar/ar-sales-order-entry' },
      { Entity: 'firm', Id: 'B100', Number: 'B100', Name: 'Boreal Metals', Kind: 'Entreprise', Application: 'NOVUS-OE', Screen: '/novus-ar/firm-maintenance' },
    ];
    expect(paletteRecords(hits, applications)).toEqual([
      { entity: 'ar-invoice', recordId: '37', number: 'AR000037', name: 'Boreal Metals', kind: 'Facture CR', application: 'Comptes clients', path: '/novus-ar/ar-sales-order-entry' },
      // An application the user has not loaded keeps its code.
      { entity: 'firm', recordId: 'B100', number: 'B100', name: 'Boreal Metals', kind: 'Entreprise', application: 'NOVUS-OE', path: '/novus-ar/firm-maintenance' },
    ]);
  });
});
