/**
 * Opening a document on another screen, as a tab (issue 40 item 4): `openDocument` and the intent store are
 * @erp/shared's (open-document.ts; the command palette opens records through them too); `useOpenIntent(path, open)`
 * is a pane's side — `open` receives every intent left for the screen at `path`, when it mounts or at once.
 */
import { useEffect, useRef } from 'react';
import { onOpenIntent, openDocument, takeOpenIntent, type OpenIntent } from '@erp/shared';

export { openDocument, type OpenIntent };

/** A pane's side: `open` receives every intent left for the screen at `path`. */
export function useOpenIntent(path: string, open: (intent: OpenIntent) => void): void {
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    if (path === '') return;
    const listener = () => {
      const intent = takeOpenIntent(path);
      if (intent) latest.current(intent);
    };
    listener();
    return onOpenIntent(path, listener);
  }, [path]);
}
