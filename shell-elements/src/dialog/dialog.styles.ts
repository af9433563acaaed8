import { css } from 'lit';

export default css`
  :host {
    --erp-dialog-width: min(32rem, 92vw);
    --erp-dialog-bg: #ffffff;
    --erp-dialog-fg: #0f172a;
    --erp-dialog-backdrop: rgb(15 23 42 / 0.45);
    --erp-dialog-primary-bg: #0369a1;
    --erp-dialog-primary-fg: #ffffff;
    --erp-dialog-danger-bg: #b91c1c;
    --erp-dialog-danger-fg: #ffffff;
    --erp-dialog-focus-ring: #0369a1;
    --erp-dialog-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', sans-serif;
    --erp-dialog-font-size: 14px;

    /* The dialog lives in the top layer: the host itself takes no space. */
    display: contents;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  .dialog {
    width: var(--erp-dialog-width);
    max-width: 100vw;
    max-height: 85vh;
    padding: 0;
    border: 0;
    border-radius: 8px;
    background: var(--erp-dialog-bg);
    color: var(--erp-dialog-fg);
    font-family: var(--erp-dialog-font);
    font-size: var(--erp-dialog-font-size);
    line-height: 1.4;
    box-shadow: 0 20px 50px rgb(15 23 42 / 0.35);
  }

  .dialog::backdrop {
    background: var(--erp-dialog-backdrop);
  }

  .panel {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    max-height: 85vh;
    padding: 1.25rem 1.5rem 1rem;
  }

  .heading {
    margin: 0;
    font-size: 1.2em;
    font-weight: 600;
  }

  .message {
    margin: 0;
    white-space: pre-line;
  }

  .body {
    min-height: 0;
    overflow-y: auto;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 0.5rem;
    padding-top: 0.25rem;
  }

  .action {
    min-width: 5.5rem;
    padding: 0.45rem 1rem;
    border: 1px solid #94a3b8;
    border-radius: 5px;
    background: #f8fafc;
    color: #0f172a;
    font: inherit;
    font-weight: 500;
    cursor: pointer;
  }

  .action:hover {
    background: #e2e8f0;
  }

  .action.primary {
    border-color: var(--erp-dialog-primary-bg);
    background: var(--erp-dialog-primary-bg);
    color: var(--erp-dialog-primary-fg);
  }

  .action.danger {
    border-color: var(--erp-dialog-danger-bg);
    background: var(--erp-dialog-danger-bg);
    color: var(--erp-dialog-danger-fg);
  }

  .action.primary:hover,
  .action.danger:hover {
    filter: brightness(1.1);
  }

  .action:focus-visible {
    outline: 2px solid var(--erp-dialog-focus-ring);
    outline-offset: 2px;
  }

  @media (forced-colors: active) {
    .dialog {
      border: 1px solid CanvasText;
    }
    .action {
      border: 1px solid ButtonText;
    }
  }
`;
