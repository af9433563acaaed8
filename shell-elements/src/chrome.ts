/**
 * `@erp/shell-elements/chrome` (issue 69 item 3): the elements every page's chrome shows at boot — the top bar, the
 * loading overlay, the dialog, the banner and the portal bar with its badges — and what they share with the staff
 * elements (`@erp/shell-elements/staff`: menu bar, tab bar, command palette, About), which a portal page never loads
 * at boot. Importing this module registers its elements; each registration is skipped when the tag already exists.
 */
export { ErpTopBar, type TopBarTab } from './top-bar/top-bar.ts';
export { ErpLoadingOverlay } from './loading-overlay/loading-overlay.ts';
export { ErpDialog, type DialogAction } from './dialog/dialog.ts';
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

// The parts the staff elements share with these (their bundle imports them from here: one copy per page, one
// i18n controller state). Not part of the package's API (index.ts).
export { RovingTabsController } from './controllers/roving-tabs-controller.ts';
export { chevronDownIcon } from './icons.ts';
export { MENU_COMPONENTS, menusDefined, nextFrame, prefetchMenus, repairShoelaceAria } from './shoelace/menus.ts';
export { TruncatedTooltips } from './shoelace/truncated-tooltip.ts';
export { resetStyles } from './styles/reset.styles.ts';
export { chromeHostStyles, focusRingStyles, visuallyHiddenStyles } from './styles/chrome.styles.ts';
export { tabStripStyles } from './styles/tab-strip.styles.ts';
export { renderTabStrip } from './tab-strip/tab-strip.ts';
