/**
 * "Copy link" (issue 71 item 1): the record's address (`<origin>/#<screen path>?record=<key>`, open-document.ts of
 * @erp/shared) on the clipboard, from both record forms' toolbars (a button: Tab reaches it). When the browser
 * refuses the clipboard the link is shown to copy by hand.
 */
import { useState } from 'react';
import { recordUrl } from '@erp/shared';
import { useOptionalScreen } from '@erp/ui';
import type { Tr } from './text.ts';

export function CopyLinkButton({ recordId, tr, disabled }: { recordId: string; tr: Tr; disabled?: boolean }) {
  const path = useOptionalScreen()?.path ?? '';
  const [said, setSaid] = useState<string | null>(null);
  if (path === '') return null;
  const copy = async () => {
    const url = recordUrl(window.location.origin, path, recordId);
    try {
      await navigator.clipboard.writeText(url);
      setSaid(tr('records:address.copied', 'Link copied.'));
    } catch {
      setSaid(tr('records:address.copyByHand', 'Copy this link: {{url}}', { url }));
    }
  };
  return (
    <>
      <button type="button" data-action="copy-link" disabled={disabled} onClick={() => void copy()}>
        {tr('records:address.copyLink', 'Copy link')}
      </button>
      {said && (
        <span className="erp-form-note" role="status">
          {said}
        </span>
      )}
    </>
  );
}
