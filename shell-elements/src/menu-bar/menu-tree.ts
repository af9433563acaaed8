/**
 * The tree `<erp-menu-bar>` shows, built from the raw §3 Menu list of one application:
 * - children nest by ParentId; the top items are those whose ParentId is `ROOT` (§9);
 * - siblings are ordered by Sequence (then MenuName, so equal sequences still render in a stable order);
 * - an inactive item (IsActive false) is left out with its whole subtree, and so is an item whose parent
 *   does not exist; a cycle in ParentId is broken;
 * - an item with an empty RouterPath is a group: it opens a submenu and has no path of its own. A group
 *   with nothing visible inside is left out (it would open an empty menu);
 * - an item with a RouterPath is a leaf (its path is the application path plus its RouterPath, §2). Should
 *   it have children anyway, they are not shown: choosing it navigates.
 */
import { ROOT_MENU_ID, type Menu } from '@erp/shared';

export interface MenuBarNode {
  menu: Menu;
  /** The hash path a leaf goes to; null for a group. */
  path: string | null;
  /** The visible children of a group, in order; empty for a leaf. */
  children: MenuBarNode[];
}

/** Is the item a group (an empty RouterPath: it only holds items)? */
export function isGroupItem(menu: Menu): boolean {
  return (menu.RouterPath ?? '').trim() === '';
}

/**
 * The path of a leaf: application path plus the menu's RouterPath (§2), with exactly one `/` between the
 * two (`/novus-gl` + `/gl-chart` → `/novus-gl/gl-chart`; a missing or doubled slash is repaired).
 */
export function menuItemPath(applicationPath: string, routerPath: string): string {
  const application = (applicationPath ?? '').trim().replace(/^\/+|\/+$/g, '');
  const item = (routerPath ?? '').trim().replace(/^\/+/, '');
  return `${application ? `/${application}` : ''}/${item}`;
}

const bySequence = (a: Menu, b: Menu): number =>
  a.Sequence - b.Sequence || String(a.MenuName).localeCompare(String(b.MenuName));

/** The visible menu tree of one application (see the module comment for the rules). */
export function menuBarTree(menus: readonly Menu[] | null | undefined, applicationPath: string): MenuBarNode[] {
  const childrenOf = new Map<string, Menu[]>();
  for (const menu of menus ?? []) {
    if (!menu || menu.IsActive === false) continue;
    const siblings = childrenOf.get(menu.ParentId) ?? [];
    siblings.push(menu);
    childrenOf.set(menu.ParentId, siblings);
  }
  const visited = new Set<string>();
  const build = (parentId: string): MenuBarNode[] => {
    const nodes: MenuBarNode[] = [];
    for (const menu of [...(childrenOf.get(parentId) ?? [])].sort(bySequence)) {
      if (visited.has(menu.MenuId)) continue;
      visited.add(menu.MenuId);
      if (!isGroupItem(menu)) {
        nodes.push({ menu, path: menuItemPath(applicationPath, menu.RouterPath), children: [] });
        continue;
      }
      const children = build(menu.MenuId);
      if (children.length > 0) nodes.push({ menu, path: null, children });
    }
    return nodes;
  };
  return build(ROOT_MENU_ID);
}

/** Where a visible item sits in the tree. */
export interface MenuBarEntry {
  node: MenuBarNode;
  /** 0 for the menubar's own items, 1 for their submenus' items, … */
  depth: number;
  /** MenuId of the group holding the item; null for a top item. */
  parentId: string | null;
  /** The item and its siblings, in order. */
  siblings: MenuBarNode[];
}

/** Every visible item by MenuId. */
export function indexMenuBarTree(tree: MenuBarNode[]): Map<string, MenuBarEntry> {
  const index = new Map<string, MenuBarEntry>();
  const walk = (siblings: MenuBarNode[], depth: number, parentId: string | null): void => {
    for (const node of siblings) {
      index.set(node.menu.MenuId, { node, depth, parentId, siblings });
      walk(node.children, depth + 1, node.menu.MenuId);
    }
  };
  walk(tree, 0, null);
  return index;
}

/** The item and the groups holding it, innermost first; empty when the item is not shown. */
export function menuBranch(index: ReadonlyMap<string, MenuBarEntry>, id: string | null): string[] {
  const branch: string[] = [];
  let entry = id ? index.get(id) : undefined;
  while (entry) {
    branch.push(entry.node.menu.MenuId);
    entry = entry.parentId ? index.get(entry.parentId) : undefined;
  }
  return branch;
}
