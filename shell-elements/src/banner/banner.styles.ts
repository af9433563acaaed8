import { css } from 'lit';

export default css`
  :host {
    --erp-banner-error-bg: #fee2e2;
    --erp-banner-error-fg: #7f1d1d;
    --erp-banner-warning-bg: #fef3c7;
    --erp-banner-warning-fg: #713f12;
    --erp-banner-info-bg: #e0f2fe;
    --erp-banner-info-fg: #0c4a6e;
  }

  /* Closed, the strip stays (an empty live region of height 0) so the next message is announced. */
  .strip:not(.shown) {
    display: block;
    height: 0;
    overflow: hidden;
  }

  .strip.shown {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    min-height: 2rem;
    padding: 0.3rem 0.75rem;
    border-bottom: 1px solid rgb(15 23 42 / 0.12);
  }

  .strip.error {
    background: var(--erp-banner-error-bg);
    color: var(--erp-banner-error-fg);
  }

  .strip.warning {
    background: var(--erp-banner-warning-bg);
    color: var(--erp-banner-warning-fg);
  }

  .strip.info {
    background: var(--erp-banner-info-bg);
    color: var(--erp-banner-info-fg);
  }

  .icon-wrap {
    display: inline-flex;
    flex: none;
  }

  .icon {
    width: 1rem;
    height: 1rem;
  }

  .message {
    flex: 1 1 auto;
    white-space: pre-line;
  }

  .dismiss {
    display: inline-grid;
    place-items: center;
    flex: none;
    width: 1.5rem;
    height: 1.5rem;
    padding: 0;
    border: 0;
    border-radius: 3px;
    background: transparent;
    color: inherit;
    cursor: pointer;
  }

  .dismiss:hover {
    background: rgb(15 23 42 / 0.1);
  }

  .dismiss:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 1px;
  }

  .dismiss svg {
    width: 0.8rem;
    height: 0.8rem;
  }

  @media (forced-colors: active) {
    .strip.shown {
      border: 1px solid CanvasText;
    }
  }
`;
