/**
 * The single-spa-layout configuration (hash mode): the outer frame of the page. It mounts exactly one
 * application, the workspace (the tab host, workspace-app.ts), active on every route; the workspace maps
 * routes to tabs and screens itself (§2, §4).
 */
import { WORKSPACE_APP } from './workspace-app.ts';

/** The single-spa-layout configuration object (the JSON form of `<single-spa-router mode="hash">`). */
export function layoutConfig(containerEl: string | Element) {
  return {
    mode: 'hash' as const,
    containerEl,
    routes: [{ type: 'application' as const, name: WORKSPACE_APP }],
  };
}
