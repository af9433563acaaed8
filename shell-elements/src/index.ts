/**
 * @erp/shell-elements — the shell chrome as Lit custom elements. Importing this module registers every
 * element (`erp-top-bar`, `erp-loading-overlay`, `erp-menu-bar`, `erp-tab-bar`, `erp-command-palette`,
 * `erp-dialog`, `erp-about`, `erp-banner`, `erp-portal-badge`, `erp-portal-bar`); each registration is skipped when the tag already exists.
 *
 * Issue 69 item 3: two parts, each its own module in the import map — `./chrome.ts` (`@erp/shell-elements/chrome`:
 * what a page shows at boot, all a portal page loads) and `./staff.ts` (`@erp/shell-elements/staff`: menu bar, tab bar,
 * palette, About) — and this module, both together.
 */

export {
  ErpTopBar,
  type TopBarTab,
  ErpLoadingOverlay,
  ErpDialog,
  type DialogAction,
  ErpBanner,
  type BannerKind,
  ErpPortalBadge,
  ErpPortalBar,
  logoDisplayType,
  type PortalBarLink,
  I18nController,
  SHELL_NAMESPACE,
  t,
  ModalController,
  type ModalControllerOptions,
  emit,
  ERP_EVENT_NAMES,
  type ErpDialogActionDetail,
  type ErpEventDetails,
  type ErpEventName,
  type ErpLanguageChangeDetail,
  type ErpMenuSelectDetail,
  type ErpMenuTabDetail,
  type ErpNavigateDetail,
  type ErpTabDetail,
  loadShoelace,
  shoelaceReady,
  type ShoelaceComponent,
} from './chrome.ts';
export {
  ErpMenuBar,
  menuBarTree,
  menuItemPath,
  isGroupItem,
  type MenuBarNode,
  ErpTabBar,
  type TabBarTab,
  ErpCommandPalette,
  filterPaletteEntries,
  foldForSearch,
  PALETTE_LIMIT,
  type PaletteEntry,
  ErpAbout,
  type AboutShortcut,
  type AboutVersion,
} from './staff.ts';
