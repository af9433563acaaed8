/**
 * @erp/home — the HOME screens, as parcels for the shell's tab host (screen contract, `@erp/shared`
 * screen.ts):
 * - `Home` — the home page (route `/`, Component `@erp/home#Home`), lit-html, no React: it is what every
 *   boot shows first (home-page.ts);
 * - `ApplicationHome` — the initial page of applications that have no micro-app of their own yet
 *   (Component `@erp/home#ApplicationHome`), lit-html too (application-page.ts), loaded once HOME is drawn (or when
 *   first opened, for a boot that does not show HOME);
 * - `applicationPage(module)` — the same page for a micro-app's own application roots (`@erp/accounting`…).
 * The module is not a single-spa application: the shell mounts one parcel per open tab.
 */
import { lazyScreen, onceUntilFailure, type ScreenParcelConfig } from '@erp/shared';
import { mountHomePage } from './home-page.ts';

const mounted = new WeakMap<HTMLElement, () => void>();

interface ParcelProps {
  domElement?: HTMLElement;
}

function rootOf(props: ParcelProps): HTMLElement {
  if (!props.domElement) throw new Error('@erp/home#Home needs a domElement');
  return props.domElement;
}

export const Home: ScreenParcelConfig = {
  bootstrap: async () => {},
  mount: async (props: ParcelProps) => {
    const element = rootOf(props);
    element.dataset['microApp'] = '@erp/home';
    mounted.set(element, mountHomePage(element));
    // Issue 44 (the first application page after boot ≤ 100 ms): HOME's next step is an application, so its
    // page's code loads in the task after the frame that draws HOME (not part of HOME's boot), not when the user
    // opens one.
    requestAnimationFrame(() => window.setTimeout(() => void loadApplicationPage().catch(() => undefined)));
  },
  unmount: async (props: ParcelProps) => {
    const element = rootOf(props);
    mounted.get(element)?.();
    mounted.delete(element);
  },
};

// Once (while it succeeds): the page opened after the prefetch mounts without waiting for the module loader.
const loadApplicationPage = onceUntilFailure(() => import('./application-page.ts'));

/** The application page of `module`'s applications (`data-micro-app`). */
export function applicationPage(module: string): ScreenParcelConfig {
  return lazyScreen(() => loadApplicationPage().then(({ applicationPageParcel }) => applicationPageParcel(module)));
}

export const ApplicationHome = applicationPage('@erp/home');
