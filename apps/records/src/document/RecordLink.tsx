/**
 * A link to a record on its screen (issue 71 item 1): a real `<a href>` to the record's address (`#<screen
 * path>?record=<key>`), so Ctrl / Cmd / Shift + click and middle-click are the browser's (a new tab or window
 * booting straight to the record) and a plain click opens it here as a tab through `openDocument` (a history entry:
 * Back returns). Related documents and process results use it.
 */
import type { ReactNode } from 'react';
import { recordPath } from '@erp/shared';
import { openDocument } from './related-open.ts';

export function RecordLink(props: { screen: string; recordId: string; title?: string | undefined; data?: Record<string, string>; children: ReactNode }) {
  const { screen, recordId } = props;
  return (
    <a
      className="erp-link"
      href={`#${recordPath(screen, recordId)}`}
      title={props.title}
      {...props.data}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        openDocument(screen, { recordId });
      }}
    >
      {props.children}
    </a>
  );
}
