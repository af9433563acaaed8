import { css } from 'lit';

export default css`
  :host {
    --erp-loading-overlay-backdrop: rgb(15 23 42 / 0.28);
    --erp-loading-overlay-color: #0284c7;
    --erp-loading-overlay-track: rgb(255 255 255 / 0.85);
    --erp-loading-overlay-size: 44px;
    --erp-loading-overlay-delay: 150ms;

    position: fixed;
    inset: 0;
    /* §9: the loading overlay's z-index. */
    z-index: 1041;
    display: grid;
    place-items: center;
    background: var(--erp-loading-overlay-backdrop);
    cursor: progress;
    /* Short requests finish before the overlay shows: no flash. */
    animation: erp-loading-fade-in 120ms ease-out var(--erp-loading-overlay-delay) both;
  }

  :host(:not([active])) {
    display: none;
  }

  /* Invisible during the fade-in delay: clicks pass through to the page until it shows. */
  :host([active]:not([blocking])) {
    pointer-events: none;
  }

  .spinner {
    width: var(--erp-loading-overlay-size);
    height: var(--erp-loading-overlay-size);
    border: 4px solid var(--erp-loading-overlay-track);
    border-top-color: var(--erp-loading-overlay-color);
    border-radius: 50%;
    animation: erp-loading-spin 0.8s linear infinite;
  }

  @keyframes erp-loading-spin {
    to {
      transform: rotate(360deg);
    }
  }

  @keyframes erp-loading-fade-in {
    from {
      opacity: 0;
    }
    to {
      opacity: 1;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 2.4s;
    }
  }

  @media (forced-colors: active) {
    .spinner {
      border-color: CanvasText;
      border-top-color: Highlight;
    }
  }
`;
