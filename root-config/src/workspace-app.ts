/**
 * The one single-spa application of the layout: the workspace (tab host). single-spa-layout (hash mode)
 * stays the outer frame and mounts it on every route; the micro-app modules are not single-spa
 * applications — their screens are parcels the workspace mounts, one per open tab.
 */
import type { AppProps, LifeCycles } from 'single-spa';
import type { MountParcel } from './tabs/screen-host.ts';
import type { Workspace } from './tabs/workspace.ts';

/** The workspace's application name in the layout. */
export const WORKSPACE_APP = '@erp/workspace';

/** The element single-spa-layout created for the application, or a fallback in the content area. */
function applicationElement(name: string): HTMLElement {
  const id = `single-spa-application:${name}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const element = document.createElement('div');
  element.id = id;
  (document.getElementById('erp-content') ?? document.body).append(element);
  return element;
}

export function workspaceApplication(workspace: Workspace): LifeCycles {
  return {
    bootstrap: async () => undefined,
    mount: async (props: AppProps) => {
      workspace.attach(applicationElement(props.name), props.mountParcel as unknown as MountParcel);
    },
    unmount: async () => {
      await workspace.detach();
    },
  };
}
