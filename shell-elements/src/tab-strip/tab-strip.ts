/**
 * The one tab strip of the chrome (issue 20), drawn for the application tabs of erp-top-bar and the screen
 * tabs of erp-tab-bar: a `role="tablist"` of tab buttons (roving tabindex from RovingTabsController, the label
 * in a tooltip when cut, the unsaved-changes dot, a busy marker while a screen loads) and, outside the
 * tablist (a tablist may own only tabs), one close button per tab on the same grid columns
 * (styles/tab-strip.styles.ts). The owner keeps the tabs and decides what selecting and closing do.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { t } from '../controllers/i18n-controller.ts';
import { closeIcon } from '../icons.ts';
import type { RovingTabsController } from '../controllers/roving-tabs-controller.ts';
import type { TruncatedTooltips } from '../shoelace/truncated-tooltip.ts';

/** How one tab looks. */
export interface StripTabView {
  label: string;
  dirty: boolean;
  /** Has a close button (and Delete closes it). */
  closable: boolean;
  /** The tab's screen is loading (`aria-busy`, a busy marker); undefined: the strip never loads (no `aria-busy`). */
  busy?: boolean;
  /** The tab button's classes after `tab`. */
  classes?: string;
}

export interface TabStrip<T> {
  tabs: readonly T[];
  /** A tab's identity: `data-id` or `data-application` on its button and its close button. */
  key(tab: T): string;
  keyAttribute: 'id' | 'application';
  view(tab: T): StripTabView;
  /** The strip's part name and the tablist's accessible name. */
  part: string;
  label: string;
  /** Index of the selected tab (-1: none). */
  active: number;
  roving: RovingTabsController<T>;
  tooltips: TruncatedTooltips;
  select(tab: T): void;
  close(tab: T): void;
}

export function renderTabStrip<T>(strip: TabStrip<T>): TemplateResult {
  const { key, tooltips } = strip;
  const rovingIndex = strip.roving.rovingIndex();
  const keyed = (tab: T, attribute: TabStrip<T>['keyAttribute']) => (strip.keyAttribute === attribute ? key(tab) : nothing);
  const renderTab = (tab: T, index: number) => {
    const view = strip.view(tab);
    const selected = index === strip.active;
    const parts = ['tab'];
    if (selected) parts.push('tab-active');
    if (view.busy) parts.push('tab-new');
    return html`<button
      type="button"
      role="tab"
      class=${view.classes ? `tab ${view.classes}` : 'tab'}
      part=${parts.join(' ')}
      data-index=${index}
      data-id=${keyed(tab, 'id')}
      data-application=${keyed(tab, 'application')}
      aria-selected=${selected ? 'true' : 'false'}
      aria-busy=${view.busy === undefined ? nothing : view.busy ? 'true' : 'false'}
      aria-describedby=${view.busy ? 'busy-note' : nothing}
      aria-keyshortcuts=${view.closable ? 'Delete' : nothing}
      tabindex=${index === rovingIndex ? '0' : '-1'}
      @click=${() => strip.select(tab)}
      @pointerenter=${(event: PointerEvent) => tooltips.check(key(tab), event.currentTarget as HTMLElement, event)}
      @pointerleave=${(event: PointerEvent) => tooltips.leave(event.currentTarget as HTMLElement)}
      @focus=${(event: FocusEvent) => tooltips.check(key(tab), event.currentTarget as HTMLElement)}
      @blur=${() => tooltips.hide(key(tab))}
    >
      ${view.busy ? html`<span class="busy" part="tab-busy" aria-hidden="true"></span>` : nothing}
      ${tooltips.wrap(key(tab), view.label, html`<span class="label">${view.label}</span>`)}
      ${view.dirty ? html`<span class="dirty" part="tab-dirty" role="img" aria-label=${t('tabs.unsaved')}></span>` : nothing}
    </button>`;
  };
  const renderClose = (tab: T, index: number) => {
    const view = strip.view(tab);
    if (!view.closable) return html`<span aria-hidden="true"></span>`;
    return html`<button
      type="button"
      class=${index === strip.active ? 'close active' : 'close'}
      part="tab-close"
      data-id=${keyed(tab, 'id')}
      data-application=${keyed(tab, 'application')}
      aria-label=${t('tabs.close', { label: view.label })}
      title=${t('tabs.closeHint', { label: view.label, keys: 'Delete' })}
      tabindex="-1"
      @click=${() => strip.close(tab)}
    >
      ${closeIcon}
    </button>`;
  };
  return html`
    <div class="strip" part=${strip.part}>
      <div
        class="tablist"
        part="tablist"
        role="tablist"
        aria-label=${strip.label}
        @keydown=${strip.roving.handleKeyDown}
        @focusout=${strip.roving.handleFocusOut}
      >
        ${repeat(strip.tabs, key, renderTab)}
      </div>
      <div class="closers">${repeat(strip.tabs, key, renderClose)}</div>
    </div>
  `;
}
