/**
 * The shell's side of the kept HOME (issue 44; kept-home.ts decides what the page may show, loader.ts shows it).
 *
 * Contract:
 * - `keepFor(owner)` once signed in: from then on `keep()` writes HOME's current markup for that user — after
 *   the first screen (when the page is idle) and whenever the page is hidden or left (`pagehide`,
 *   `visibilitychange`), so the next boot shows HOME as the user last saw it (a changed answer included).
 * - `forget()` drops it and stops keeping: sign-out, a session that ends, a refused token. Nothing is written
 *   again until the next `keepFor` (leaving the page for the provider after sign-out writes nothing).
 * - HOME's markup is read from its tab (`data-tab-path="/"`); when HOME is not open nothing is written.
 */
import type { CacheOwner } from '../startup-cache.ts';
import { KEPT_HOME_KEY, keptHomeEntry } from './kept-home.ts';

const HOME_PARCEL = '.erp-tab-screen[data-tab-path="/"] > .erp-tab-screen__parcel';

export class HomeKeeper {
  private owner: CacheOwner | null = null;

  /** `module`: the import map's URL of HOME's code (the markup's version). */
  constructor(
    private readonly storage: Storage | null,
    private readonly module: string | undefined,
  ) {}

  /** Listens for the page being hidden or left. */
  install(): void {
    window.addEventListener('pagehide', () => this.keep());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.keep();
    });
  }

  keepFor(owner: CacheOwner): void {
    this.owner = owner;
  }

  keep(): void {
    const html = document.querySelector(HOME_PARCEL)?.innerHTML;
    if (!this.owner || !this.module || !this.storage || !html) return;
    const entry = keptHomeEntry(this.owner, this.module, document.documentElement.lang, html);
    try {
      this.storage.setItem(KEPT_HOME_KEY, JSON.stringify(entry));
    } catch {
      // Storage full or refused: the next boot shows the skeleton.
    }
  }

  forget(): void {
    this.owner = null;
    try {
      this.storage?.removeItem(KEPT_HOME_KEY);
    } catch {
      // Nothing readable to remove.
    }
  }
}

/**
 * The page's HOME (skeleton or kept copy) leaves once a screen shows; a tile focused in the kept copy hands the
 * focus to the same link of the shown screen.
 */
export function retirePageHome(): void {
  const home = document.querySelector('#erp-content > .erp-boot-home');
  if (!home) return;
  const focused = document.activeElement;
  const href = focused instanceof HTMLAnchorElement && home.contains(focused) ? focused.getAttribute('href') : null;
  home.remove();
  if (href) document.querySelector<HTMLElement>(`.erp-tab-screen:not([hidden]) a[href="${CSS.escape(href)}"]`)?.focus();
}
