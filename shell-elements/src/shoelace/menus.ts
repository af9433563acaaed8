/**
 * The chrome's use of Shoelace's menus (issue 16 item 1; the menu bar's groups, the top bar's user, language
 * and applications menus): which components they need, their loading on a trigger's first hover or focus
 * (nothing of Shoelace loads at boot, §5 boot budget), the types the elements call, and the repair of
 * Shoelace's ARIA slips inside a menubar.
 */
import { loadShoelace } from './shoelace.ts';

/** What the menu bar's Shoelace menus need. */
export const MENU_COMPONENTS = ['dropdown', 'menu', 'menu-item'] as const;

/** `<sl-dropdown>` / `<sl-menu>` as this element uses them (typed here: Shoelace is never imported at boot). */
export type Dropdown = HTMLElement & { open: boolean; show(): Promise<void>; hide(): Promise<void>; updateComplete: Promise<boolean> };
export type SlMenu = HTMLElement & { setCurrentItem(item: HTMLElement): void };
export type MenuItem = HTMLElement & { value: string; checked: boolean };

export const menusDefined = (): boolean => MENU_COMPONENTS.every((name) => customElements.get(`sl-${name}`) !== undefined);

/** Loads the menus' components on a trigger's first hover or focus, so a press usually finds them defined. */
export const prefetchMenus = (): void => {
  if (!menusDefined()) void loadShoelace(...MENU_COMPONENTS);
};

const repaired = new WeakSet<Element>();

/**
 * Two ARIA slips of Shoelace 2.20 inside a menubar (and one timing slip), repaired where they happen (axe: aria-allowed-attr and
 * aria-required-children, both critical):
 * - a nested group's `<sl-menu-item>` states `aria-expanded` on a generic `<div>` of its shadow root, not on
 *   the `role="menuitem"` host: the state moves to the host (`true` / `false`, from Shoelace's
 *   `menu-item--submenu-expanded` class) and leaves the div;
 * - an open `<sl-dropdown>` wraps its panel in a `<div aria-hidden="false" aria-labelledby>` that a menubar
 *   may not hold: those two attributes go while it is open (Shoelace writes `aria-hidden="true"` on close).
 */
export function repairShoelaceAria(element: HTMLElement): void {
  if (repaired.has(element)) return;
  const target =
    element.localName === 'sl-menu-item'
      ? element.shadowRoot?.querySelector<HTMLElement>('#anchor')
      : element.shadowRoot?.querySelector<HTMLElement>('[aria-labelledby="dropdown"]');
  if (!target) {
    // Not rendered yet (Shoelace still loading, or its first update pending): once it is.
    void customElements
      .whenDefined(element.localName)
      .then(() => (element as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete)
      .then(() => {
        if (element.shadowRoot?.querySelector('#anchor, [aria-labelledby="dropdown"]')) repairShoelaceAria(element);
      });
    return;
  }
  repaired.add(element);
  const repair = (): void => {
    if (element.localName === 'sl-menu-item') {
      element.setAttribute('aria-expanded', String(target.classList.contains('menu-item--submenu-expanded')));
      if (target.hasAttribute('aria-expanded')) target.removeAttribute('aria-expanded');
    } else if (target.getAttribute('aria-hidden') === 'false') {
      target.removeAttribute('aria-hidden');
      target.removeAttribute('aria-labelledby');
    }
  };
  new MutationObserver(repair).observe(target, { attributes: true, attributeFilter: ['class', 'aria-expanded', 'aria-hidden'] });
  repair();
  // A menu item defined before its submenu was slotted (this bar renders items once Shoelace is defined)
  // registers its submenu only after its first render: one more render draws the submenu's popup.
  if (element.localName === 'sl-menu-item') (element as HTMLElement & { requestUpdate(): void }).requestUpdate();
}

export const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
