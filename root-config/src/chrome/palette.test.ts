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

  it('offers a screen several menus carry once, with every application and group as its context (issue 71 item 2)', () => {
    const applications: Application[] = [
      { Application: 'NOVUS-AR', Description: 'Accounts Receivable', RouterPath: '/novus-ar' },
      { Application: 'NOVUS-OE', Description: 'Order Entry', RouterPath: '/novus-oe' },
      { Application: 'NOVUS-SO', Description: 'Sales', RouterPath: '/novus-so' },
    ];
    const menus = new Map<string, Menu[]>([
      ['NOVUS-AR', [menu('NOVUS-AR', 'AR0001', 'Transactions', ''), { ...menu('NOVUS-AR', 'AR0126', 'Sales Order Entry', '/sales-order-entry', 'AR0001'), Available: false }]],
      ['NOVUS-OE', [menu('NOVUS-OE', 'OE0001', 'Orders', ''), { ...menu('NOVUS-OE', 'OE0101', 'Sales Order Entry', '/sales-order-entry', 'OE0001'), Keywords: 'order, SO' }]],
      ['NOVUS-SO', [menu('NOVUS-SO', 'SO0003', 'Orders', ''), menu('NOVUS-SO', 'SO0116', 'Sales Order Entry', 'sales-order-entry/', 'SO0003'), menu('NOVUS-SO', 'SO0117', 'Load Sheet', '/load-sheet', 'SO0003')]],
    ]);
    expect(paletteEntries(applications, menus)).toEqual([
      // Opens where it is in this release (Order Entry), not where it is first listed.
      { id: 'OE0101', label: 'Sales Order Entry', description: 'Transactions · Orders', path: '/novus-oe/sales-order-entry', application: 'Accounts Receivable · Order Entry · Sales', keywords: 'order, SO' },
      { id: 'SO0117', label: 'Load Sheet', description: 'Orders', path: '/novus-so/load-sheet', application: 'Sales' },
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
