/**
 * @erp/shell-elements — the shell chrome as Lit custom elements. Importing this module registers every
 * element (`erp-top-bar`, `erp-loading-overlay`, `erp-menu-bar`, `erp-tab-bar`, `erp-command-palette`,
 * `erp-dialog`, `erp-about`, `erp-banner`, `erp-portal-badge`, `erp-portal-bar`); each registration is skipped when the tag already exists.
 */
export { ErpTopBar, type TopBarTab } from './top-bar/top-bar.ts';
export { ErpLoadingOverlay } from './loading-overlay/loading-overlay.ts';
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
export { ErpDialog, type DialogAction } from './dialog/dialog.ts';
export { ErpAbout, type AboutShortcut, type AboutVersion } from './about/about.ts';
export { ErpBanner, type BannerKind } from './banner/banner.ts';
export { ErpPortalBadge } from './portal-badges/portal-badge.ts';
export { ErpPortalBar, logoDisplayType, type PortalBarLink } from './portal-bar/portal-bar.ts';
export { I18nController, SHELL_NAMESPACE, t } from './controllers/i18n-controller.ts';
export { ModalController, type ModalControllerOptions } from './controllers/modal-controller.ts';
export {
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
} from './events.ts';
/** Shoelace on first use (issue 16): micro-apps load the components they use through the chrome's loader. */
export { loadShoelace, shoelaceReady, type ShoelaceComponent } from './shoelace/shoelace.ts';
