/**
 * A screen parcel shown in a dialog instead of a tab — the user menu's Change Password, which every user
 * has (while the `/shell/change-password` route, and its menu, belong to shell administration). The screen
 * gets the usual ScreenProps: its close guard is asked before the dialog closes, and `close()` closes it.
 * A screen missing from this release says so, as a tab would.
 */
import type { Parcel, ParcelConfig } from 'single-spa';
import { beginLoading, isScreenParcel, parseComponent, translate, type CloseGuard, type ScreenProps } from '@erp/shared';
import { importScreenModule, type MountParcel } from '../tabs/screen-host.ts';
import { StatusView } from '../tabs/status-view.ts';
import { createElement, onElement, type DialogElement } from './elements.ts';

export interface ScreenDialogOptions {
  component: string;
  path: string;
  application: string;
  headingKey: string;
  heading: string;
  imports: Record<string, string>;
  mountParcel: () => MountParcel | null;
}

export interface ScreenDialog {
  show(): Promise<void>;
}

export function mountScreenDialog(options: ScreenDialogOptions, parent: HTMLElement = document.body): ScreenDialog {
  const dialog = createElement<DialogElement>('erp-dialog');
  dialog.open = false;
  dialog.message = '';
  dialog.dataset['dialog'] = 'screen';
  const body = document.createElement('div');
  body.className = 'erp-screen-dialog';
  dialog.append(body);
  parent.append(dialog);

  let parcel: Parcel | null = null;
  let guard: CloseGuard | null = null;
  let status: StatusView | null = null;
  let closing = false;

  const relabel = () => {
    dialog.heading = translate(options.headingKey, options.heading);
    dialog.actions = [{ id: 'cancel', label: translate('apps:about.close', 'Close'), variant: 'default' }];
  };

  const teardown = async () => {
    const current = parcel;
    parcel = null;
    guard = null;
    status?.dispose();
    status = null;
    if (current) {
      await current.mountPromise.catch(() => undefined);
      if (current.getStatus() === 'MOUNTED') await current.unmount().catch((error: unknown) => console.error(error));
    }
    body.replaceChildren();
  };

  const close = async () => {
    if (closing) return;
    closing = true;
    try {
      const agreed = guard ? await Promise.resolve(guard()).catch(() => false) : true;
      if (!agreed) {
        dialog.open = true; // the screen keeps it open (even if the element closed itself on Escape)
        return;
      }
      dialog.open = false;
      await teardown();
    } finally {
      closing = false;
    }
  };
  onElement(dialog, 'erp-dialog-action', () => void close());

  return {
    async show() {
      relabel();
      if (dialog.open) return;
      await teardown();
      dialog.open = true;
      const { module, exportName } = parseComponent(options.component);
      const mountParcel = options.mountParcel();
      const done = beginLoading();
      try {
        const exports = Object.hasOwn(options.imports, module) ? await importScreenModule(module) : {};
        const config = exports[exportName];
        if (!isScreenParcel(config) || !mountParcel) {
          status = new StatusView(body, 'unavailable', dialog.heading);
          return;
        }
        const element = document.createElement('div');
        body.append(element);
        const props: ScreenProps & { domElement: HTMLElement } = {
          domElement: element,
          path: options.path,
          application: options.application,
          menuId: null,
          routeProps: {},
          meta: {},
          setCanClose: (next) => {
            guard = next;
          },
          close: () => void close(),
        };
        parcel = mountParcel(config as unknown as ParcelConfig, props);
        await parcel.mountPromise;
      } catch (error) {
        console.error(`${options.component} could not be shown`, error);
        await teardown();
        status = new StatusView(body, 'failed', dialog.heading, () => {
          dialog.open = false;
          void this.show();
        });
      } finally {
        done();
      }
    },
  };
}
