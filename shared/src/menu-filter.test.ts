import { describe, expect, it } from 'vitest';
import { menuTree } from './menus.ts';
import type { Menu } from './types.ts';
import { filterMenuTree } from './menu-filter.ts';

let key = 0;
const menu = (MenuId: string, MenuName: string, ParentId = 'ROOT', RouterPath = `/${MenuId.toLowerCase()}`): Menu => ({
  MenuKey: ++key,
  Application: 'NOVUS-GL',
  MenuId,
  MenuName,
  ParentId,
  Sequence: key,
  IsActive: true,
  RouterPath,
});

const tree = menuTree([
  menu('G1', 'Transactions', 'ROOT', ''),
  menu('A', 'GL Journal Entry', 'G1'),
  menu('B', 'Écritures de régularisation', 'G1'),
  menu('G2', 'Setup', 'ROOT', ''),
  menu('C', 'Accounting Journals', 'G2'),
  menu('D', 'Bank Accounts', 'G2'),
  menu('E', 'Trial Balance'),
]);
const ids = (nodes: ReturnType<typeof filterMenuTree>): string[] =>
  nodes.flatMap((node) => [node.menu.MenuId, ...ids(node.children)]);

describe('launchpad filter', () => {
  it('keeps everything for an empty query', () => {
    expect(ids(filterMenuTree(tree, '  '))).toEqual(['G1', 'A', 'B', 'G2', 'C', 'D', 'E']);
  });

  it('keeps matching items under their groups, case- and accent-insensitively', () => {
    expect(ids(filterMenuTree(tree, 'JOURNAL'))).toEqual(['G1', 'A', 'G2', 'C']);
    expect(ids(filterMenuTree(tree, 'ecritures'))).toEqual(['G1', 'B']);
    expect(ids(filterMenuTree(tree, 'balance'))).toEqual(['E']);
  });

  it('keeps a whole group whose name matches, and matches ids and paths too', () => {
    expect(ids(filterMenuTree(tree, 'setup'))).toEqual(['G2', 'C', 'D']);
    expect(ids(filterMenuTree(tree, '/d'))).toEqual(['G2', 'D']);
    expect(filterMenuTree(tree, 'nothing like it')).toEqual([]);
  });

  it('matches the search words of an item (issue 40 item 2), every word of the query anywhere', () => {
    const withWords = menuTree([
      menu('R', 'Reports', 'ROOT', ''),
      { ...menu('P', 'Purchase Journal', 'R'), Keywords: 'invoice, vendor invoice, bill' },
      menu('Q', 'Vendor List', 'R'),
    ]);
    expect(ids(filterMenuTree(withWords, 'bill'))).toEqual(['R', 'P']);
    expect(ids(filterMenuTree(withWords, 'Vendor Invoice'))).toEqual(['R', 'P']);
    expect(ids(filterMenuTree(withWords, 'vendor list'))).toEqual(['R', 'Q']);
    expect(ids(filterMenuTree(withWords, 'vendor'))).toEqual(['R', 'P', 'Q']);
  });
});
