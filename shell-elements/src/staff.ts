/**
 * `@erp/shell-elements/staff` (issue 69 item 3): the elements only staff's chrome uses at boot or later — the menu
 * bar, the tab bar, the command palette and About. Built on `@erp/shell-elements/chrome` (imported from it, not
 * bundled again); the shell loads this module when it first shows one of them, so a portal page's boot never does.
 * Importing it registers its elements; each registration is skipped when the tag already exists.
 */
export { ErpMenuBar } from './menu-bar/menu-bar.ts';
export { menuBarTree, menuItemPath, isGroupItem, type MenuBarNode } from './menu-bar/menu-tree.ts';
export { ErpTabBar, type TabBarTab } from './tab-bar/tab-bar.ts';
export { ErpCommandPalette } from './command-palette/command-palette.ts';
export {
  filterPaletteEntries,
  foldForSearch,
  PALETTE_LIMIT,
  type PaletteEntry,
} from './command-palette/palette-filter.ts';
export { ErpAbout, type AboutShortcut, type AboutVersion } from './about/about.ts';
