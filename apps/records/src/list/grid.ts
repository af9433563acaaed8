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
import { translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { cellFormatter } from '../data/format.ts';

/** Row height in px (records.css `--records-row-height`): the virtualizer's estimate. */
export const ROW_HEIGHT = 28;
export const DEFAULT_COLUMN_WIDTH = 150;

export type Row = Record<string, unknown>;

export const features = tableFeatures({ columnVisibilityFeature, columnSizingFeature, rowSortingFeature, rowSelectionFeature });
export const columnHelper = createColumnHelper<typeof features, Row>();

/** A column header of the list's table. */
export type GridHeader = Header<typeof features, Row, unknown>;

/** The table columns of the definition's list columns the caller may see (`hidden`: §6 hidden fields). */
export function gridColumns(entity: AnyEntity, hidden: readonly string[], locale: string) {
  return entity.listColumns
    .filter((column) => !hidden.includes(column.field))
    .map((column) => {
      const field = entity.fields[column.field]!;
      const format = cellFormatter(field, locale, {
        yes: translate('entities:list.yes', 'Yes'),
        no: translate('entities:list.no', 'No'),
        label: (key) => translate(key, key.split('.').pop() ?? key),
      });
      return columnHelper.accessor((row: Row) => row[column.field], {
        id: column.field,
        header: () => translate(field.labelKey, column.field),
        cell: (context) => format(context.getValue()),
        size: column.width ?? DEFAULT_COLUMN_WIDTH,
        enableSorting: column.sortable,
      });
    });
}
