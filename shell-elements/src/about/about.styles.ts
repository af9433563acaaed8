import { css } from 'lit';

export default css`
  :host {
    --erp-about-fg: #0f172a;
    --erp-about-muted-fg: #475569;
    --erp-about-border: #e2e8f0;
    --erp-about-key-bg: #f1f5f9;

    color: var(--erp-about-fg);
  }

  .about {
    display: flex;
    flex-direction: column;
    gap: 1rem;
  }

  .heading {
    margin: 0 0 0.4rem;
    font-size: 1em;
    font-weight: 600;
  }

  .facts {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.25rem 1rem;
    margin: 0;
  }

  .fact {
    display: contents;
  }

  dt {
    color: var(--erp-about-muted-fg);
  }

  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }

  dd.unknown {
    font-style: italic;
    color: var(--erp-about-muted-fg);
  }

  table {
    width: 100%;
    border-collapse: collapse;
  }

  th,
  td {
    padding: 0.3rem 0.5rem 0.3rem 0;
    border-bottom: 1px solid var(--erp-about-border);
    text-align: start;
    vertical-align: top;
  }

  thead th {
    color: var(--erp-about-muted-fg);
    font-size: 0.85em;
    font-weight: 600;
  }

  tbody th {
    font-weight: 500;
  }

  .version {
    font-variant-numeric: tabular-nums;
  }

  .keys {
    white-space: nowrap;
  }

  .combo {
    font: inherit;
  }

  .key {
    display: inline-block;
    min-width: 1.6em;
    padding: 0.05rem 0.35rem;
    border: 1px solid #cbd5e1;
    border-bottom-width: 2px;
    border-radius: 4px;
    background: var(--erp-about-key-bg);
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    font-size: 0.9em;
    text-align: center;
  }
`;
