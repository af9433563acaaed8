/**
 * The list grid's TanStack Table setup, shared by the list and its header and totals rows: the table
 * features it uses (column visibility and sizing, manual sorting, row selection), the row type (a record
 * as the list answer gives it), the sizes the virtualizer and the column template start from, and the
 * columns of a definition (`gridColumns`: headers and cell formats in the list's language).
 */
import {
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type Header,
} from '@tanstack/react-table';
import { i18n, translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { cellFormatter, type FormatTexts } from '../data/format.ts';

/** Row height in px (records.css `--records-row-height`): the virtualizer's estimate. */
export const ROW_HEIGHT = 28;
export const DEFAULT_COLUMN_WIDTH = 150;

export type Row = Record<string, unknown>;

export const features = tableFeatures({ columnVisibilityFeature, columnSizingFeature, rowSortingFeature, rowSelectionFeature });
export const columnHelper = createColumnHelper<typeof features, Row>();

/** A column header of the list's table. */
export type GridHeader = Header<typeof features, Row, unknown>;

/**
 * Option labels once translated, by language and key (issue 40 item 10: a list's status column asked i18next in
 * every cell of every render). Only a label its namespace holds is kept: one asked before its file arrived is
 * asked again.
 */
const labels = new Map<string, string>();

/** The words a cell formatter takes from the translations (Yes, No, an option's label). */
export function formatTexts(): FormatTexts {
  return {
    yes: translate('entities:list.yes', 'Yes'),
    no: translate('entities:list.no', 'No'),
    label: (key) => {
      const known = labels.get(`${i18n.language}|${key}`);
      if (known !== undefined) return known;
      const text = translate(key, key.split('.').pop() ?? key);
      if (i18n.exists(key)) labels.set(`${i18n.language}|${key}`, text);
      return text;
    },
  };
}

/** The table columns of the definition's list columns the caller may see (`hidden`: §6 hidden fields). */
export function gridColumns(entity: AnyEntity, hidden: readonly string[], locale: string) {
  return entity.listColumns
    .filter((column) => !hidden.includes(column.field))
    .map((column) => {
      const field = entity.fields[column.field]!;
      const format = cellFormatter(field, locale, formatTexts());
      return columnHelper.accessor((row: Row) => row[column.field], {
        id: column.field,
        header: () => translate(field.labelKey, column.field),
        cell: (context) => format(context.getValue()),
        size: column.width ?? DEFAULT_COLUMN_WIDTH,
        enableSorting: column.sortable,
      });
    });
}

/** Padding and the header's extras (sort mark, resize edge) around a cell's text, in px. */
const CELL_PADDING = 18;
const HEADER_EXTRAS = 36;
/** A column sized by its content grows to this at most; a wider text is a description and gets the rest. */
export const MAX_CONTENT_WIDTH = 360;

/**
 * Issue 21 item 1: each column's width from its content — the header label and the cells of the rows shown,
 * each measured by `measure` (the grid's font), and the totals row's figure (bold, as the label) — so codes,
 * dates and amounts are never cut; within a description's cells count up to MAX_CONTENT_WIDTH (it takes the
 * width left over, `flexibleColumn`).
 */
export function contentWidths(
  columns: readonly { id: string; label: string; texts: readonly string[]; total?: string }[],
  measure: (text: string) => number,
  /** The header's font (bold). */
  measureLabel: (text: string) => number = measure,
): Record<string, number> {
  return Object.fromEntries(
    columns.map((column) => {
      const label = measureLabel(column.label) + CELL_PADDING + HEADER_EXTRAS;
      const cells = column.texts.reduce((widest, text) => Math.max(widest, measure(text) + CELL_PADDING), 0);
      const total = column.total ? measureLabel(column.total) + CELL_PADDING : 0;
      return [column.id, Math.ceil(Math.max(label, total, Math.min(cells, MAX_CONTENT_WIDTH)))];
    }),
  );
}

/** The column that takes the width left over: the text column with the widest cells (a description), else the last. */
export function flexibleColumn(columns: readonly { id: string; numeric: boolean; widest: number }[]): string | undefined {
  const text = columns.filter((column) => !column.numeric && column.widest > 0);
  const chosen = text.reduce<(typeof columns)[number] | undefined>((best, column) => (!best || column.widest > best.widest ? column : best), undefined);
  return chosen?.id ?? columns.at(-1)?.id;
}
