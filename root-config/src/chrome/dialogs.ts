/**
 * The shell's dialogs on `<erp-dialog>`:
 * - questions from screens (`askUser` in @erp/shared, e.g. Save / Discard / Stay from a close guard) arrive
 *   on `bus.confirm$` and are shown one at a time; Escape answers 'cancel';
 * - About: tenant (release, server, database), component versions and the keyboard shortcuts, in
 *   `<erp-about>` slotted into a dialog.
 */
import { bus, translate, type ConfirmRequest } from '@erp/shared';
import { componentVersions } from '../versions.ts';
import { createElement, onElement, type AboutElement, type DialogElement } from './elements.ts';
import { isPortalLanding } from './chrome.ts';
import { shortcutList } from './shortcuts.ts';

/**
 * Shows `bus.confirm$` questions in a dialog (created with the first question: boot does not render it).
 * Answers the stopper.
 */
export function mountQuestionDialog(parent: HTMLElement = document.body): () => void {
  let dialog: DialogElement | null = null;
  let stopListening: (() => void) | null = null;
  const queue: ConfirmRequest[] = [];
  let current: ConfirmRequest | null = null;

  const dialogElement = (): DialogElement => {
    if (dialog) return dialog;
    const created = createElement<DialogElement>('erp-dialog');
    created.open = false;
    created.dataset['dialog'] = 'question';
    parent.append(created);
    stopListening = onElement(created, 'erp-dialog-action', ({ id }) => {
      const answered = current;
      if (!answered) return;
      created.open = false;
      current = null;
      answered.resolve(id || 'cancel');
      // The next question after the dialog has closed (lets the element finish its close).
      queueMicrotask(next);
    });
    dialog = created;
    return created;
  };
  const next = () => {
    current = queue.shift() ?? null;
    if (!current) {
      if (dialog) dialog.open = false;
      return;
    }
    const shown = dialogElement();
    shown.heading = current.heading;
    shown.message = current.message;
    shown.actions = current.actions.map((action) => ({ ...action }));
    shown.open = true;
  };
  const subscription = bus.confirm$.subscribe((request) => {
    queue.push(request);
    if (!current) next();
  });
  return () => {
    subscription.unsubscribe();
    stopListening?.();
    for (const request of queue.splice(0)) request.resolve('cancel');
    current?.resolve('cancel');
    dialog?.remove();
  };
}

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
