/**
 * The shell's dialogs on `<erp-dialog>`:
 * - questions from screens (`askUser` in @erp/shared, e.g. Save / Discard / Stay from a close guard) arrive
 *   on `bus.confirm$` and are shown one at a time; Escape answers 'cancel';
 * - About is in about-dialog.ts (loaded on first use: not part of the boot).
 */
import { bus, type ConfirmRequest } from '@erp/shared';
import { createElement, onElement, type DialogElement } from './elements.ts';

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
