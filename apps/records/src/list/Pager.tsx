/**
 * The list's pager (§9 server paging): the record count, the selection count, first / previous / next /
 * last page and the page size. `onChange` takes the query change (`changeQuery` resets the page when the
 * size changes).
 */
import type { RefObject } from 'react';
import { translate } from '@erp/shared';
import { useTranslation } from '@erp/ui';
import { PAGE_SIZES, type ListQuery } from '../data/query.ts';

export function Pager({
  query,
  pages,
  total,
  selected,
  pagerRef,
  onChange,
}: {
  query: ListQuery;
  pages: number;
  total: number;
  /** How many rows are selected. */
  selected: number;
  /** The list measures the pager to size the grid above it. */
  pagerRef: RefObject<HTMLElement | null>;
  onChange(change: Partial<ListQuery>): void;
}) {
  const { t } = useTranslation('records');
  return (
    <nav className="records-pager" aria-label={t('pager.label')} data-f2-region="pager" ref={pagerRef}>
      {/* i18next's plural rules (issue 21 item 7): "1 enregistrement", "2 enregistrements". */}
      <span className="records-pager__total">{t('pager.total', { count: total })}</span>
      <span className="records-pager__selected">{selected > 0 ? t('list.selected', { count: selected }) : ''}</span>
      <button type="button" className="records-button" disabled={query.page <= 1} onClick={() => onChange({ page: 1 })}>
        {t('pager.first')}
      </button>
      <button type="button" className="records-button" disabled={query.page <= 1} onClick={() => onChange({ page: query.page - 1 })}>
        {t('pager.previous')}
      </button>
      <span className="records-pager__page" aria-live="polite">
        {translate('entities:list.page', 'Page {{page}} of {{pages}}', { page: query.page, pages })}
      </span>
      <button type="button" className="records-button" disabled={query.page >= pages} onClick={() => onChange({ page: query.page + 1 })}>
        {t('pager.next')}
      </button>
      <button type="button" className="records-button" disabled={query.page >= pages} onClick={() => onChange({ page: pages })}>
        {t('pager.last')}
      </button>
      <label className="records-pager__size">
        {t('pager.size')}
        <select value={query.pageSize} onChange={(event) => onChange({ pageSize: Number(event.target.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
