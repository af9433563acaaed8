/**
 * The unsaved-changes guard of both record forms (EntityForm, DocumentForm: the two forms of one
 * defineEntity). While `dirty`, closing the tab asks Save / Discard / Stay (the shell's close guard) and,
 * with `beforeUnload`, leaving the page asks the browser's own question. `leaveAllowed()` answers whether
 * the form may go (Back, another record): at once when nothing changed, else after the question (Save: only
 * once saved). `dirtyRef` holds the latest `dirty`; a form clears it when nothing is left to guard (deleted).
 */
import { useCallback, useEffect, useRef } from 'react';
import { confirmUnsavedChanges, useCloseGuard } from '@erp/ui';
import { usePaneAddress } from '../entity-screen/pane-address.ts';

export function useUnsavedGuard(dirty: boolean, save: () => Promise<boolean>, options: { beforeUnload?: boolean } = {}) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // The latest save (it reads the form's current input), from a stable leaveAllowed.
  const saveRef = useRef(save);
  saveRef.current = save;

  const leaveAllowed = useCallback(async (): Promise<boolean> => {
    if (!dirtyRef.current) return true;
    const answer = await confirmUnsavedChanges();
    if (answer === 'save') return saveRef.current();
    return answer === 'discard';
  }, []);

  useCloseGuard(dirty ? leaveAllowed : null);
  // Issue 71: the pane asks it too before another address's record replaces the form (Back / Forward).
  const pane = usePaneAddress();
  useEffect(() => {
    if (!pane) return undefined;
    pane.guard.current = dirty ? leaveAllowed : null;
    return () => {
      pane.guard.current = null;
    };
  }, [pane, dirty, leaveAllowed]);

  const beforeUnload = options.beforeUnload === true;
  useEffect(() => {
    if (!dirty || !beforeUnload) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their own question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, beforeUnload]);

  return { leaveAllowed, dirtyRef };
}
