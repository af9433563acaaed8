/** TabbedPanes: the tab list's keyboard rule and the ARIA wiring / lazy mounting of its first render. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TabbedPanes, tabAfterKey } from './TabbedPanes.tsx';

describe('tabAfterKey', () => {
  it('moves right and left, wrapping at both ends', () => {
    expect(tabAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 2, 3)).toBe(1);
    expect(tabAfterKey('ArrowLeft', 0, 3)).toBe(2);
  });
  it('goes to the first with Home and the last with End', () => {
    expect(tabAfterKey('Home', 2, 3)).toBe(0);
    expect(tabAfterKey('End', 0, 3)).toBe(2);
  });
  it('ignores other keys and an empty list', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', ' ', 'Tab', 'a']) expect(tabAfterKey(key, 1, 3)).toBe(-1);
    expect(tabAfterKey('Home', 0, 0)).toBe(-1);
  });
  it('stays on a lone tab', () => {
    expect(tabAfterKey('ArrowRight', 0, 1)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 0, 1)).toBe(0);
  });
});

describe('TabbedPanes first render', () => {
  const html = renderToStaticMarkup(
    createElement(TabbedPanes, {
      label: 'Views',
      panes: [
        { key: 'one', label: 'One', content: createElement('p', null, 'first pane') },
        { key: 'two', label: 'Two', content: createElement('p', null, 'second pane') },
      ],
    }),
  );

  it('is a named tab list in the F2 regions, its first tab selected and alone in the Tab order', () => {
    expect(startTags(html, 'div')[0]).toMatchObject({ role: 'tablist', 'aria-label': 'Views', 'data-f2-region': 'tabs', class: 'records-tabs' });
    const [one, two] = startTags(html, 'button');
    expect(one).toMatchObject({ role: 'tab', 'aria-selected': 'true', tabindex: '0', class: 'records-tab' });
    expect(two).toMatchObject({ role: 'tab', 'aria-selected': 'false', tabindex: '-1' });
  });

  it('mounts only the selected pane, a tab panel labelled by its tab and controlled by it', () => {
    expect(html).toContain('first pane');
    expect(html).not.toContain('second pane');
    const panels = startTags(html, 'section');
    expect(panels).toHaveLength(1);
    const [one] = startTags(html, 'button');
    expect(panels[0]).toMatchObject({ role: 'tabpanel', class: 'records-panel', id: one!['aria-controls'], 'aria-labelledby': one!.id });
    expect(panels[0]).not.toHaveProperty('hidden');
  });
});

/** The attributes of each `<tag …>` start tag of static markup (enough for these flat fragments). */
function startTags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((match) =>
    Object.fromEntries([...match[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((attr) => [attr[1]!, attr[2] ?? ''])),
  );
}
