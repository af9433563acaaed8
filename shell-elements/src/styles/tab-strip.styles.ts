/**
 * The one tab strip of the chrome (issue 20): the application tabs of erp-top-bar and the screen tabs of
 * erp-tab-bar share its structure. The close buttons sit outside the tablist (a tablist may own only tabs) but
 * share its grid columns through subgrid, so each lands on the right edge of its tab; `--erp-tab-count` is the
 * number of tabs. Each element adds after this sheet its own colours, sizes and paddings.
 */
import { css } from 'lit';

export const tabStripStyles = css`
  .strip {
    display: grid;
    grid-template-columns: repeat(var(--erp-tab-count, 1), minmax(0, max-content));
    grid-template-rows: 100%;
    overflow-x: auto;
    overflow-y: hidden;
    scrollbar-width: thin;
  }

  .tablist,
  .closers {
    display: grid;
    grid-template-columns: subgrid;
    grid-row: 1;
    grid-column: 1 / -1;
    gap: 2px;
  }

  .closers {
    pointer-events: none;
  }

  .tab {
    display: flex;
    align-items: center;
    height: 100%;
    border-radius: 4px 4px 0 0;
    background: transparent;
    white-space: nowrap;
    cursor: pointer;
  }

  .tab .label {
    overflow: hidden;
    text-overflow: ellipsis;
  }

  /* A tooltip around a label takes no box (before and after <sl-tooltip> is defined). */
  sl-tooltip {
    display: contents;
  }

  /* Unsaved changes: a filled dot after the label. */
  .dirty {
    flex: none;
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: currentColor;
  }

  .close {
    justify-self: end;
    align-self: center;
    display: inline-grid;
    place-items: center;
    width: 1.25rem;
    height: 1.25rem;
    margin-right: 0.4rem;
    padding: 0;
    border: 0;
    border-radius: 3px;
    background: transparent;
    cursor: pointer;
    pointer-events: auto;
  }

  .close:hover {
    background: rgb(148 163 184 / 0.35);
  }

  .close svg {
    width: 0.75rem;
    height: 0.75rem;
  }
`;
