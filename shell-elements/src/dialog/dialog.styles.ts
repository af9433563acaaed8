import { css } from 'lit';

export default css`
  :host {
    --erp-dialog-width: min(32rem, 92vw);
    --erp-dialog-bg: #ffffff;
    --erp-dialog-fg: #0f172a;
    --erp-dialog-backdrop: rgb(15 23 42 / 0.45);
    --erp-dialog-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', sans-serif;
    --erp-dialog-font-size: 14px;

    /* The dialog is a fixed overlay: the host itself takes no space. */
    display: contents;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  /* Before Shoelace is loaded (first open) the dialog's content must not show in the page. */
  sl-dialog:not(:defined) {
    display: none;
  }

  .dialog {
    --width: var(--erp-dialog-width);
    --body-spacing: 0;
    color: var(--erp-dialog-fg);
    font-family: var(--erp-dialog-font);
    font-size: var(--erp-dialog-font-size);
    line-height: 1.4;
  }

  .dialog::part(panel) {
    max-height: 85vh;
    background: var(--erp-dialog-bg);
    border-radius: 8px;
  }

  .dialog::part(overlay) {
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
  }

  /* Touch-sized answers where the page asks for them (the portal: --erp-touch-target 44px, issue 69 item 1). */
  .action::part(base) {
    min-height: var(--erp-touch-target, 0);
    align-items: center;
  }

  /* Issue 69 item 1: on a phone a dialog is a full-width sheet at the bottom, its answers in reach and in view. */
  @media (max-width: 40rem) {
    .dialog {
      --width: 100vw;
    }
    .dialog::part(panel) {
      max-width: 100vw;
      max-height: 90dvh;
      margin-top: auto;
      border-radius: 12px 12px 0 0;
    }
    .panel {
      max-height: 90dvh;
      padding: 1rem 1rem max(1rem, env(safe-area-inset-bottom));
    }
    .actions {
      flex-direction: column-reverse;
      align-items: stretch;
    }
  }

  @media (forced-colors: active) {
    .dialog::part(panel) {
      border: 1px solid CanvasText;
    }
  }
`;
