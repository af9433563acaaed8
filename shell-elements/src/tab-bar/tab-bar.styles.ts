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
    --erp-tab-bar-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', sans-serif;
    --erp-tab-bar-font-size: 13px;

    /* Everything visible lives in .strip: with no tab the host is an empty block of height 0. */
    display: block;
    position: relative;
    font-family: var(--erp-tab-bar-font);
    font-size: var(--erp-tab-bar-font-size);
    line-height: 1.3;
    color: var(--erp-tab-bar-fg);
  }

  :focus-visible {
    outline: 2px solid var(--erp-tab-bar-focus-ring);
    outline-offset: -2px;
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

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
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
