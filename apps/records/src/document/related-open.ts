/**
 * Opening a document on another screen, as a tab (issue 40 item 4): `openDocument` and the intent store are
 * @erp/shared's (open-document.ts; the command palette opens records through them too); `useOpenIntent(path, open)`
 * is a pane's side (@erp/ui) — `open` receives every intent left for the screen at `path`, when it mounts or at once.
 */
import { openDocument, type OpenIntent } from '@erp/shared';

export { useOpenIntent } from '@erp/ui';
export { openDocument, type OpenIntent };
