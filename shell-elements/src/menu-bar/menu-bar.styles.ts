import { css } from 'lit';

export default css`
  :host {
    --erp-menu-bar-bg: #f1f5f9;
    --erp-menu-bar-fg: #0f172a;
    --erp-menu-bar-border: #cbd5e1;
    --erp-menu-bar-hover-bg: #e2e8f0;
    --erp-menu-bar-accent: #0284c7;
    --erp-menu-bar-focus-ring: #0369a1;
    --erp-menu-bar-height: 34px;
    --erp-menu-bar-menu-bg: #ffffff;
    --erp-menu-bar-menu-fg: #0f172a;
    --erp-menu-bar-menu-hover-bg: #e0f2fe;
    --erp-menu-bar-menu-z-index: 1030;

    /* Everything visible lives in .bar: with no item the host (a block) has height 0. */
    position: relative;
    color: var(--erp-menu-bar-fg);
  }

  .bar {
    background: var(--erp-menu-bar-bg);
    border-bottom: 1px solid var(--erp-menu-bar-border);
  }

  .menubar {
    display: flex;
    flex-wrap: wrap;
    align-items: stretch;
    min-height: var(--erp-menu-bar-height);
    padding: 0 0.25rem;
  }

  /*
   * <sl-dropdown> per bar group (issue 16). Until it is defined its panel content must not show: the bar's
   * buttons alone render at boot. Shoelace positions the panel (hoisted, fixed) and stacks it.
   */
  sl-dropdown.entry.top {
    display: flex;
    --sl-z-index-dropdown: var(--erp-menu-bar-menu-z-index);
  }

  sl-dropdown:not(:defined) > :not([slot='trigger']) {
    display: none;
  }

  .item {
    display: flex;
    align-items: center;
    gap: 0.35rem;
    width: 100%;
    padding: 0.4rem 0.75rem;
    border: 0;
    background: transparent;
    text-align: start;
    white-space: nowrap;
    cursor: pointer;
  }

  .item.top {
    width: auto;
    min-height: var(--erp-menu-bar-height);
    border-bottom: 2px solid transparent;
    font-weight: 500;
  }

  .item.top:hover,
  .item.top[aria-expanded='true'] {
    background: var(--erp-menu-bar-hover-bg);
  }

  .item.top[aria-current] {
    border-bottom-color: var(--erp-menu-bar-accent);
  }

  .item .label {
    flex: 1 1 auto;
  }

  /* Issue 16 item 4: screens not in this release read as such (dimmed name, a small mark). */
  .item[part~='unavailable'] .label {
    opacity: 0.65;
  }

  .release-mark {
    flex: none;
    margin-inline-start: 0.75rem;
    font-size: 0.75em;
    font-style: italic;
    opacity: 0.8;
  }

  .chevron {
    flex: none;
    width: 0.7rem;
    height: 0.7rem;
  }

  .submenu {
    display: block;
    min-width: 14rem;
    padding: 0.25rem 0;
    border: 1px solid #cbd5e1;
    border-radius: 0 0 6px 6px;
    background: var(--erp-menu-bar-menu-bg);
    color: var(--erp-menu-bar-menu-fg);
    box-shadow: 0 10px 25px rgb(15 23 42 / 0.2);
  }

  /* Only a submenu without nested groups scrolls: scrolling would clip the nested submenus. */
  .submenu.scroll {
    max-height: min(70vh, 32rem);
    overflow-y: auto;
  }

  .submenu .submenu {
    border-radius: 6px;
  }

  sl-menu-item.item {
    display: block;
    padding: 0;
  }

  sl-menu-item.item::part(base) {
    padding: 0.4rem 0.75rem;
    color: var(--erp-menu-bar-menu-fg);
    font-size: var(--erp-menu-bar-font-size);
    line-height: 1.3;
    white-space: nowrap;
  }

  sl-menu-item.item:hover::part(base),
  sl-menu-item.item:focus-visible::part(base),
  sl-menu-item.item:focus::part(base) {
    background: var(--erp-menu-bar-menu-hover-bg);
    color: var(--erp-menu-bar-menu-fg);
  }

  sl-menu-item.item::part(checked-icon) {
    display: none;
  }

  sl-menu-item.item::part(submenu-icon) {
    width: auto;
    padding-inline-start: 0.5rem;
  }

  sl-menu-item.item[aria-current='page']::part(base) {
    font-weight: 600;
    box-shadow: inset 3px 0 0 var(--erp-menu-bar-accent);
  }

  @media (forced-colors: active) {
    .item.top[aria-current],
    sl-menu-item.item[aria-current='page']::part(base) {
      border-bottom-color: Highlight;
      outline: 1px solid Highlight;
    }
    .submenu {
      border-color: CanvasText;
    }
  }
`;
