/**
 * The launchpad's "Filter menus" (§2 application page): which menu items a query keeps. Pure, so the server's
 * search-word test runs the very rule the page runs (server/test/search-words.test.ts, issue 40 item 2).
 */
import type { Menu } from './types.ts';
import type { MenuNode } from './menus.ts';

/** Lower case without accents (and width), so "ecriture" finds "Écriture" — as the palette folds. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/**
 * Every word of the query occurs in the item's name, id, path or search words (issue 40 item 2: what users
 * call the screen, "bill" finds the Purchase Journal; the same rule as the command palette).
 */
function matches(menu: Menu, words: readonly string[]): boolean {
  const haystack = fold(`${menu.MenuName} ${menu.MenuId} ${menu.RouterPath}\n${menu.Keywords ?? ''}`);
  return words.every((word) => haystack.includes(word));
}

/** The tree with only the items matching the query (a matching group keeps all its items). */
export function filterMenuTree(nodes: readonly MenuNode[], query: string): MenuNode[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...nodes];
  const result: MenuNode[] = [];
  for (const node of nodes) {
    if (matches(node.menu, words)) {
      result.push(node);
      continue;
    }
    const children = filterMenuTree(node.children, query);
    if (children.length > 0) result.push({ menu: node.menu, children });
  }
  return result;
}
