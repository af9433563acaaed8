import { css } from 'lit';

export default css`
  :host {
    --erp-command-palette-width: min(40rem, 92vw);
    --erp-command-palette-bg: #ffffff;
    --erp-command-palette-fg: #0f172a;
    --erp-command-palette-muted-fg: #475569;
    --erp-command-palette-active-bg: #e0f2fe;
    --erp-command-palette-accent: #0369a1;
    --erp-command-palette-backdrop: rgb(15 23 42 / 0.45);
    --erp-command-palette-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', sans-serif;
    --erp-command-palette-font-size: 14px;

    /* The dialog lives in the top layer: the host itself takes no space. */
    display: contents;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  .dialog {
    width: var(--erp-command-palette-width);
    max-width: 100vw;
    max-height: 80vh;
    margin: 10vh auto auto;
    padding: 0;
    border: 0;
    border-radius: 8px;
    background: var(--erp-command-palette-bg);
    color: var(--erp-command-palette-fg);
    font-family: var(--erp-command-palette-font);
    font-size: var(--erp-command-palette-font-size);
    line-height: 1.35;
    box-shadow: 0 20px 50px rgb(15 23 42 / 0.35);
  }

  .dialog::backdrop {
    background: var(--erp-command-palette-backdrop);
  }

  .panel {
    display: flex;
    flex-direction: column;
    max-height: 80vh;
  }

  .search {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.75rem 1rem;
    border-bottom: 1px solid #e2e8f0;
  }

  .icon {
    flex: none;
    width: 1.1rem;
    height: 1.1rem;
    color: var(--erp-command-palette-muted-fg);
  }

  .input {
    flex: 1 1 auto;
    min-width: 0;
    padding: 0.35rem 0.25rem;
    border: 0;
    background: transparent;
    color: inherit;
    font: inherit;
    font-size: 1.1em;
  }

  .input:focus-visible {
    outline: 2px solid var(--erp-command-palette-accent);
    outline-offset: 2px;
    border-radius: 3px;
  }

  .count {
    margin: 0;
    padding: 0.4rem 1rem;
    color: var(--erp-command-palette-muted-fg);
    font-size: 0.85em;
  }

  .listbox {
    flex: 1 1 auto;
    overflow-y: auto;
    padding: 0 0.5rem 0.5rem;
  }

  .option {
    display: grid;
    grid-template-columns: 1fr auto;
    column-gap: 1rem;
    padding: 0.45rem 0.6rem;
    border-radius: 5px;
    cursor: pointer;
  }

  .option[aria-selected='true'] {
    background: var(--erp-command-palette-active-bg);
    box-shadow: inset 3px 0 0 var(--erp-command-palette-accent);
  }

  .option-label {
    font-weight: 500;
  }

  .option-application {
    color: var(--erp-command-palette-muted-fg);
    font-size: 0.85em;
    white-space: nowrap;
  }

  /* Issue 42 item 1: records grouped by kind, under a heading. */
  .group-label {
    padding: 0.5rem 0.6rem 0.2rem;
    font-size: 0.8em;
    font-weight: 600;
    color: var(--erp-command-palette-muted-fg);
  }

  .record-name {
    margin-inline-start: 0.5rem;
  }

  .option-description {
    grid-column: 1 / -1;
    color: var(--erp-command-palette-muted-fg);
    font-size: 0.85em;
  }

  /* Issue 16 item 4: a screen not in this release. */
  .option-release {
    grid-column: 1 / -1;
    color: var(--erp-command-palette-muted-fg);
    font-size: 0.8em;
    font-style: italic;
  }

  .hint {
    margin: 0;
    padding: 0.5rem 1rem;
    border-top: 1px solid #e2e8f0;
    color: var(--erp-command-palette-muted-fg);
    font-size: 0.8em;
  }

  @media (forced-colors: active) {
    .option[aria-selected='true'] {
      outline: 2px solid Highlight;
    }
    .dialog {
      border: 1px solid CanvasText;
    }
  }
`;
