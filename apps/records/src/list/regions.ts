/**
 * §2 "F2 navigates the page", one behaviour for every screen kind (list, form, document, report, process):
 * F2 moves the focus to the next region of the screen (`[data-f2-region]`: entity tabs, toolbar, filters,
 * grid, pager, a form's actions, fields and lines, a report's parameters and results), Shift+F2 back. The
 * screen root carries `data-f2-navigation`, so the shell leaves F2 to it (root-config shortcuts.ts).
 */
import type { KeyboardEvent } from 'react';
import { currentRegion, nextRegion } from './keyboard.ts';

/** The regions of the screen that can take the focus now, in page order. */
export function regionsOf(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('[data-f2-region]')].filter((region) => region.getClientRects().length > 0);
}

const FOCUSABLE =
  'input:not([disabled]):not([readonly]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]):not([readonly]), button:not([disabled]), sl-button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focuses a region: itself when it is focusable, else its selected tab, else its first control. */
export function focusRegion(region: HTMLElement): void {
  if (region.tabIndex >= 0 && region.matches('[tabindex]')) {
    region.focus();
    return;
  }
  const target = region.querySelector<HTMLElement>('[aria-selected="true"][tabindex="0"]') ?? region.querySelector<HTMLElement>(FOCUSABLE);
  (target ?? region).focus();
}

/** The screen root's key handler: F2 / Shift+F2 to the next / previous region (nothing else). */
export function onRegionKey(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'F2' || event.altKey || event.ctrlKey || event.metaKey) return;
  const regions = regionsOf(event.currentTarget);
  // The innermost region holding the focus: F2 from a line's lots goes on past them, not back into them.
  const current = currentRegion(regions.map((region) => region.contains(document.activeElement)));
  const next = nextRegion(regions.map(() => true), current, event.shiftKey);
  if (next < 0) return;
  event.preventDefault();
  event.stopPropagation();
  focusRegion(regions[next]!);
}

/** The first field of `root` a user can type into (not read-only, not computed, not disabled). */
export function firstEditable(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>(
    'input:not([disabled]):not([readonly]):not([type="hidden"]):not([type="checkbox"]), select:not([disabled]), textarea:not([disabled]):not([readonly])',
  );
}
