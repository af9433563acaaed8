import { css } from 'lit';

export default css`
  :host {
    --erp-tab-bar-bg: #e2e8f0;
    --erp-tab-bar-fg: #334155;
    --erp-tab-bar-border: #cbd5e1;
    --erp-tab-bar-hover-bg: rgb(255 255 255 / 0.6);
    --erp-tab-bar-active-bg: #ffffff;
    --erp-tab-bar-active-fg: #0f172a;
    --erp-tab-bar-accent: #0284c7;
    --erp-tab-bar-focus-ring: #0369a1;
    --erp-tab-bar-height: 32px;
    --erp-tab-bar-tab-max-width: 16rem;

    /* Everything visible lives in .strip: with no tab the host (a block) has height 0. */
    position: relative;
    color: var(--erp-tab-bar-fg);
  }

  /* The tab strip's structure is shared with erp-top-bar (styles/tab-strip.styles.ts). */
  .strip {
    height: var(--erp-tab-bar-height);
    padding: 3px 0.5rem 0;
    background: var(--erp-tab-bar-bg);
    border-bottom: 1px solid var(--erp-tab-bar-border);
  }

  .tab {
    gap: 0.4rem;
    max-width: var(--erp-tab-bar-tab-max-width);
    padding: 0 1.9rem 0 0.75rem;
    border: 1px solid transparent;
    border-bottom: 0;
  }

  .tab:hover {
    background: var(--erp-tab-bar-hover-bg);
  }

  .tab[aria-selected='true'] {
    border-color: var(--erp-tab-bar-border);
    box-shadow: inset 0 2px 0 var(--erp-tab-bar-accent);
    background: var(--erp-tab-bar-active-bg);
    color: var(--erp-tab-bar-active-fg);
    font-weight: 500;
  }

  .tab.new .label {
    font-style: italic;
  }

  .busy {
    flex: none;
    width: 0.8rem;
    height: 0.8rem;
    border: 2px solid rgb(148 163 184 / 0.5);
    border-top-color: var(--erp-tab-bar-accent);
    border-radius: 50%;
    animation: erp-tab-bar-spin 0.8s linear infinite;
  }

  .close {
    color: var(--erp-tab-bar-fg);
  }

  .close.active {
    color: var(--erp-tab-bar-active-fg);
  }

  @keyframes erp-tab-bar-spin {
    to {
      transform: rotate(360deg);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .busy {
      animation-duration: 2.4s;
    }
  }

  @media (forced-colors: active) {
    .tab[aria-selected='true'] {
      outline: 1px solid Highlight;
    }
    .busy {
      border-color: CanvasText;
      border-top-color: Highlight;
    }
  }
`;
