/**
 * TabbedPanes — the one keyboard tab list of the screens (ARIA tabs pattern), exported from `@erp/records`.
 *
 * Contract:
 * - Props: `label` (the tab list's accessible name) and `panes`, each `{ key, label, content }`: `key` is
 *   stable and id-safe (it keys React and suffixes the tab's and panel's ids), `label` is the tab's text (and
 *   so the panel's accessible name), `content` what the panel shows.
 * - Renders a fragment (no wrapper, so the screen's flex gap spaces it): a `role="tablist"` (`records-tabs`,
 *   `data-f2-region="tabs"` for §2 F2) of `role="tab"` buttons (`records-tab`), then a `role="tabpanel"`
 *   section (`records-panel`) per visited pane, linked both ways by aria-controls / aria-labelledby.
 * - The first pane is selected. Click selects; on a tab, ArrowRight / ArrowLeft move to the next / previous
 *   tab (wrapping), Home / End to the first / last, selecting it and moving the focus to it. Only the
 *   selected tab is in the Tab order (roving tabindex).
 * - A panel is mounted on its first visit and kept mounted after (each pane keeps its state), `hidden` while
 *   another tab is selected. A pane whose key disappears from `panes` is unmounted.
 * - `tabAfterKey(key, index, count)`: the keyboard rule itself (pure, unit-tested).
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabbedPane {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabbedPanesProps {
  /** The tab list's accessible name. */
  label: string;
  panes: readonly TabbedPane[];
}

/** The tab index a key moves to from tab `index` of `count`, or -1 when the key is not a tab-list key. */
export function tabAfterKey(key: string, index: number, count: number): number {
  const last = count - 1;
  if (last < 0) return -1;
  switch (key) {
    case 'ArrowRight':
      return index >= last ? 0 : index + 1;
    case 'ArrowLeft':
      return index <= 0 ? last : index - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return -1;
  }
}

export function TabbedPanes({ label, panes }: TabbedPanesProps) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  // A chosen key no longer among the panes falls back to the first pane.
  const selected = panes.some((pane) => pane.key === chosen) ? chosen : (panes[0]?.key ?? null);

  const choose = (key: string, focus: boolean) => {
    setChosen(key);
    // The pane left stays mounted too (the first one was shown without ever being chosen).
    setVisited((current) => new Set([...current, ...(selected === null ? [] : [selected]), key]));
    if (focus) tabs.current.get(key)?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = panes[tabAfterKey(event.key, index, panes.length)];
    if (!target) return;
    event.preventDefault();
    choose(target.key, true);
  };

  return (
    <>
      <div className="records-tabs" role="tablist" aria-label={label} data-f2-region="tabs">
        {panes.map((pane, index) => (
          <button
            key={pane.key}
            ref={(element) => {
              if (element) tabs.current.set(pane.key, element);
              else tabs.current.delete(pane.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${pane.key}`}
            aria-selected={pane.key === selected}
            aria-controls={`${id}-panel-${pane.key}`}
            tabIndex={pane.key === selected ? 0 : -1}
            className="records-tab"
            onClick={() => choose(pane.key, false)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {pane.label}
          </button>
        ))}
      </div>
      {panes.map((pane) =>
        pane.key === selected || visited.has(pane.key) ? (
          <section
            key={pane.key}
            id={`${id}-panel-${pane.key}`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-${pane.key}`}
            className="records-panel"
            hidden={pane.key !== selected}
          >
            {pane.content}
          </section>
        ) : null,
      )}
    </>
  );
}
