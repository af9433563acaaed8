/**
 * Shoelace in the chrome (issue 16): the one place that loads Shoelace components, on first use.
 *
 * Contract
 * - `loadShoelace(name)` resolves once `<sl-name>` is defined. Nothing of Shoelace is imported at boot
 *   (the boot budget is 120 kB gzip, §5): an element asks for its components when it first needs them —
 *   a dialog when it opens, a tooltip when a truncated tab or the environment label is hovered or focused,
 *   the top bar's menus when their button is first hovered, focused or pressed, the menu bar's menus when
 *   the bar is first hovered, focused or pressed; the React screens through `@erp/shell-elements` (Change
 *   Password's inputs, the record form's toolbar buttons, loaded with the records module).
 * - With the import map (the shell), each component is its own `/vendor/shoelace-<name>.js` and every page
 *   shares one copy (vendor/scripts/build.mjs); in the standalone bundle they are bundled, as lazy chunks.
 * - Before the first component is defined, the theme is put in place: Shoelace's light theme and the
 *   product's tokens mapped onto Shoelace's custom properties (`./theme.ts`), as constructed style sheets
 *   adopted by the document — the CSP allows no inline `<style>`.
 * - Shoelace's `system` icons (close, check, chevrons) are served by this server as files
 *   (`/vendor/shoelace-icons/<name>.svg`, next to the module's origin), because Shoelace's own `data:` URLs
 *   are fetched and `connect-src 'self'` refuses them. No icon is ever loaded from a CDN.
 */

export type ShoelaceComponent = 'badge' | 'button' | 'dialog' | 'dropdown' | 'input' | 'menu' | 'menu-item' | 'tooltip';

// Literal specifiers (the build maps each to its vendor URL or bundles it as a chunk).
const loaders: Record<ShoelaceComponent, () => Promise<unknown>> = {
  badge: () => import('@shoelace-style/shoelace/dist/components/badge/badge.js'),
  button: () => import('@shoelace-style/shoelace/dist/components/button/button.js'),
  dialog: () => import('@shoelace-style/shoelace/dist/components/dialog/dialog.js'),
  dropdown: () => import('@shoelace-style/shoelace/dist/components/dropdown/dropdown.js'),
  input: () => import('@shoelace-style/shoelace/dist/components/input/input.js'),
  menu: () => import('@shoelace-style/shoelace/dist/components/menu/menu.js'),
  'menu-item': () => import('@shoelace-style/shoelace/dist/components/menu-item/menu-item.js'),
  tooltip: () => import('@shoelace-style/shoelace/dist/components/tooltip/tooltip.js'),
};

/** Where this server keeps Shoelace's system icons: `/vendor/shoelace-icons/` of the origin this code came from. */
export function shoelaceIconBase(moduleUrl: string = import.meta.url): string {
  return new URL('/vendor/shoelace-icons/', moduleUrl).href;
}

let prepared: Promise<void> | null = null;

/** Theme and icons, once, before the first component (both lazy too: nothing of this runs at boot). */
function prepare(): Promise<void> {
  prepared ??= Promise.all([
    import('./theme.ts'),
    import('@shoelace-style/shoelace/dist/utilities/icon-library.js'),
  ]).then(([{ adoptShoelaceTheme }, { registerIconLibrary }]) => {
    adoptShoelaceTheme(document);
    const base = shoelaceIconBase();
    registerIconLibrary('system', { resolver: (name) => `${base}${encodeURIComponent(name)}.svg` });
  });
  return prepared;
}

const pending = new Map<ShoelaceComponent, Promise<void>>();

/** Loads (once) and defines `<sl-${name}>`; resolves when the element is defined. */
export function loadShoelace(...names: ShoelaceComponent[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let loading = pending.get(name);
      if (!loading) {
        loading = prepare()
          .then(() => loaders[name]())
          .then(() => customElements.whenDefined(`sl-${name}`))
          .then(() => undefined);
        pending.set(name, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

/** Whether `<sl-${name}>` is defined already (a sync check for renders). */
export function shoelaceReady(name: ShoelaceComponent): boolean {
  return customElements.get(`sl-${name}`) !== undefined;
}
