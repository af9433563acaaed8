/**
 * The About dialog (user menu): tenant (release, server, database), component versions and the keyboard
 * shortcuts, in `<erp-about>` slotted into an `<erp-dialog>`. Its own module, loaded on first use or when the
 * page is idle after the first screen (issue 44: the component versions' list is not part of the boot).
 */
import { bus, translate } from '@erp/shared';
import { componentVersions } from '../versions.ts';
// Issue 69 item 3: its element is one of the staff elements, loaded apart from the boot's chrome.
import '@erp/shell-elements/staff';
import { createElement, onElement, type AboutElement, type DialogElement } from './elements.ts';
import { isPortalLanding } from './chrome.ts';
import { shortcutList } from './shortcuts.ts';

export interface AboutDialog {
  show(): Promise<void>;
}

/** The About dialog (user menu). */
export function mountAboutDialog(parent: HTMLElement = document.body): AboutDialog {
  const dialog = createElement<DialogElement>('erp-dialog');
  const about = createElement<AboutElement>('erp-about');
  dialog.open = false;
  dialog.dataset['dialog'] = 'about';
  dialog.message = '';
  about.tenant = null;
  about.versions = [];
  about.shortcuts = [];
  about.customer = false;
  dialog.append(about);
  parent.append(dialog);

  const relabel = () => {
    dialog.heading = translate('apps:about.heading', 'About');
    dialog.actions = [{ id: 'close', label: translate('apps:about.close', 'Close'), variant: 'primary' }];
    about.shortcuts = shortcutList();
  };
  relabel();
  bus.language$.subscribe(relabel);
  bus.tenant$.subscribe((tenant) => (about.tenant = tenant));
  // Issue 16: a portal customer never sees the tenant's database server or database.
  bus.session$.subscribe((session) => (about.customer = isPortalLanding(session?.profile.landingPage)));
  onElement(dialog, 'erp-dialog-action', () => {
    dialog.open = false;
  });

  return {
    async show() {
      relabel();
      about.tenant = bus.tenant$.value;
      about.versions = await componentVersions();
      dialog.open = true;
    },
  };
}
