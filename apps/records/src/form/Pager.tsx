/**
 * Previous / "Page n of m" / Next under a paged list of a record's side panels (the audit log, the record's
 * history): shown only when there is more than one page.
 */
import type { Tr } from './text.ts';

export function Pager(props: { tr: Tr; label: string; page: number; pages: number; onPage: (page: number) => void }) {
  const { tr, label, page, pages, onPage } = props;
  if (pages <= 1) return null;
  return (
    <nav className="erp-pager" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {tr('forms:audit.previous', 'Previous')}
      </button>
      <span>{tr('entities:list.page', 'Page {{page}} of {{pages}}', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {tr('forms:audit.next', 'Next')}
      </button>
    </nav>
  );
}
