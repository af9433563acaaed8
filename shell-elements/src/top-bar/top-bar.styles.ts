import { css } from 'lit';

export default css`
  :host {
    --erp-top-bar-bg: #1e293b;
    --erp-top-bar-fg: #e2e8f0;
    --erp-top-bar-muted-fg: #cbd5e1;
    --erp-top-bar-hover-bg: rgb(255 255 255 / 0.08);
    --erp-top-bar-height: 40px;
    --erp-top-bar-accent: #38bdf8;
    --erp-top-bar-focus-ring: #7dd3fc;
    --erp-top-bar-tab-active-bg: #f8fafc;
    --erp-top-bar-tab-active-fg: #0f172a;
    --erp-top-bar-tab-max-width: 14rem;
    --erp-top-bar-env-bg: #b91c1c;
    --erp-top-bar-env-fg: #ffffff;
    --erp-top-bar-menu-bg: #ffffff;
    --erp-top-bar-menu-fg: #0f172a;
    --erp-top-bar-menu-muted-fg: #475569;
    --erp-top-bar-menu-hover-bg: #e0f2fe;
    --erp-top-bar-menu-z-index: 1030;

    position: relative;
    color: var(--erp-top-bar-fg);
  }

  .bar {
    display: flex;
    align-items: stretch;
    gap: 0.5rem;
    height: var(--erp-top-bar-height);
    padding: 0 0.5rem;
    background: var(--erp-top-bar-bg);
  }

  /* ---- application tabs -------------------------------------------------------------------------- */

  /* The tab strip's structure is shared with erp-tab-bar (styles/tab-strip.styles.ts). */
  .strip {
    align-self: end;
    height: calc(var(--erp-top-bar-height) - 6px);
    min-width: 0;
    flex: 0 1 auto;
  }

  .tab {
    max-width: var(--erp-top-bar-tab-max-width);
    padding: 0 0.85rem;
    border: 0;
    border-top: 2px solid transparent;
    color: var(--erp-top-bar-muted-fg);
    font-weight: 500;
  }

  /* A tooltip's content shows only in the popup. */
  sl-tooltip:not(:defined) [slot='content'] {
    display: none;
  }

  /* Unsaved changes in one of the application's screens. */
  .dirty {
    margin-left: 0.35rem;
  }

  .environment:focus-visible {
    outline: 2px solid var(--erp-top-bar-focus-ring);
    outline-offset: 2px;
  }

  .tab.closable {
    padding-right: 1.9rem;
  }

  .tab:hover {
    background: var(--erp-top-bar-hover-bg);
    color: var(--erp-top-bar-fg);
  }

  .tab[aria-selected='true'] {
    border-top-color: var(--erp-top-bar-accent);
    background: var(--erp-top-bar-tab-active-bg);
    color: var(--erp-top-bar-tab-active-fg);
  }

  .close {
    color: var(--erp-top-bar-muted-fg);
  }

  .close.active {
    color: var(--erp-top-bar-tab-active-fg);
  }

  /* ---- right-hand side ---------------------------------------------------------------------------- */

  .actions {
    display: flex;
    align-items: center;
    gap: 0.375rem;
    margin-left: auto;
    flex: 0 0 auto;
  }

  .environment {
    padding: 0.15rem 0.5rem;
    border-radius: 3px;
    background: var(--erp-top-bar-env-bg);
    color: var(--erp-top-bar-env-fg);
    font-size: 0.85em;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    cursor: default;
  }

  .action {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    height: 28px;
    padding: 0 0.6rem;
    border: 1px solid transparent;
    border-radius: 4px;
    background: transparent;
    white-space: nowrap;
    cursor: pointer;
  }

  .action:hover,
  .action[aria-expanded='true'] {
    background: var(--erp-top-bar-hover-bg);
  }

  .action.link {
    text-decoration: underline;
    text-underline-offset: 2px;
  }

  .action.login {
    border-color: var(--erp-top-bar-muted-fg);
  }

  .action svg {
    width: 1rem;
    height: 1rem;
    flex: none;
  }

  .action .chevron {
    width: 0.7rem;
    height: 0.7rem;
  }

  /* ---- menus -------------------------------------------------------------------------------------- */

  /*
   * <sl-dropdown> (issue 16). Until it is defined its panel content must not show: the trigger button alone
   * renders at boot. Shoelace positions the panel (hoisted, above the bar: --sl-z-index-dropdown from the
   * theme); these rules only dress the panel's content in the bar's menu colours.
   */
  .menu-anchor {
    display: inline-flex;
  }

  .menu-anchor:not(:defined) > :not([slot='trigger']) {
    display: none;
  }

  .menu,
  .menu-heading,
  .empty {
    min-width: 16rem;
    max-width: 24rem;
    border: 1px solid #cbd5e1;
    background: var(--erp-top-bar-menu-bg);
    color: var(--erp-top-bar-menu-fg);
    box-shadow: 0 10px 25px rgb(15 23 42 / 0.25);
  }

  .menu {
    max-height: min(70vh, 32rem);
    overflow-y: auto;
    border-radius: 6px;
  }

  .menu-heading {
    padding: 0.4rem 0.75rem 0.3rem;
    border-bottom: 0;
    border-radius: 6px 6px 0 0;
    color: var(--erp-top-bar-menu-muted-fg);
    font-size: 0.8em;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }

  .menu-heading + .menu,
  .menu-heading + .empty {
    border-top-color: #e2e8f0;
    border-radius: 0 0 6px 6px;
  }

  .item::part(base) {
    color: var(--erp-top-bar-menu-fg);
    font-size: var(--erp-top-bar-font-size, 13px);
  }

  .item:hover::part(base),
  .item:focus-visible::part(base) {
    background: var(--erp-top-bar-menu-hover-bg);
    color: var(--erp-top-bar-menu-fg);
  }

  .item::part(label) {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 1rem;
  }

  .item::part(checked-icon),
  .item::part(submenu-icon) {
    display: none;
  }

  /* The language menu's check marks the current language. */
  .language-item::part(checked-icon) {
    display: flex;
  }

  .item .secondary {
    flex: none;
    white-space: nowrap;
    color: var(--erp-top-bar-menu-muted-fg);
    font-size: 0.85em;
    font-variant-numeric: tabular-nums;
  }

  .empty {
    margin: 0;
    padding: 0.5rem 0.75rem;
    color: var(--erp-top-bar-menu-muted-fg);
  }

  /*
   * A portal customer's bar (issue 69 item 1): touch-sized (every control 44×44 px, 15 px text); on a narrow
   * screen Switch Account and the languages are items of the account menu (top-bar.ts \`folded\`), whose
   * button keeps the user's name short.
   */
  .bar.customer {
    height: auto;
    min-height: 48px;
    padding: 2px 0.5rem;
  }

  .bar.customer .action {
    height: 44px;
    min-width: 44px;
    font-size: 15px;
  }

  .bar.customer .item::part(base) {
    min-height: 44px;
    font-size: 15px;
  }

  @media (max-width: 40rem) {
    .bar.customer .user-name {
      max-width: 40vw;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .bar.customer .menu {
      min-width: min(16rem, calc(100vw - 1rem));
      max-width: calc(100vw - 1rem);
    }
  }

  @media (forced-colors: active) {
    .tab[aria-selected='true'] {
      border-top-color: Highlight;
    }
    .menu,
    .menu-heading,
    .empty {
      border-color: CanvasText;
    }
  }
`;
