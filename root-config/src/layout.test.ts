import { describe, expect, it } from 'vitest';
import { layoutConfig } from './layout.ts';

describe('layout', () => {
  it('mounts only the workspace, on every route, in hash mode', () => {
    const config = layoutConfig('#erp-content');
    expect(config.mode).toBe('hash');
    expect(config.containerEl).toBe('#erp-content');
    // An application outside any <route> is active on every path.
    expect(config.routes).toEqual([{ type: 'application', name: '@erp/workspace' }]);
  });
});
