/**
 * The list grid's TanStack Table setup, shared by the list and its header and totals rows: the table
 * features it uses (column visibility and sizing, manual sorting, row selection), the row type (a record
 * as the list answer gives it), the sizes the virtualizer and the column template start from, the columns of a
 * definition (`listColumns`: labels and cell formats in the list's language; `gridColumns`: the table's) and a
 * page's cell texts (`pageTexts`).
 */
import {
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { i18n, translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { cellFormatter, isNumeric, type CellFormatter, type FormatTexts } from '../data/format.ts';

/** Row height in px (records.css `--records-row-height`): the virtualizer's estimate. */
export const ROW_HEIGHT = 28;
export const DEFAULT_COLUMN_WIDTH = 150;

/** A row of an entity's list in wire form (the grid shows any entity's: field name → value). */
export type ListRow = Record<string, unknown>;

export const features = tableFeatures({ columnVisibilityFeature, columnSizingFeature, rowSortingFeature, rowSelectionFeature });
export const columnHelper = createColumnHelper<typeof features, ListRow>();

/**
 * Option labels once translated, by language and key (issue 40 item 10: a list's status column asked i18next in
 * every cell of every render). Only a label its namespace holds is kept: one asked before its file arrived is
 * asked again.
 */
const labels = new Map<string, string>();
/** The words of `formatTexts` for one language, kept once the entities namespace has them (like `labels`). */
let knownTexts: { language: string; texts: FormatTexts } | null = null;

/** The words a cell formatter takes from the translations (Yes, No, an option's label). */
export function formatTexts(): FormatTexts {
  if (knownTexts !== null && knownTexts.language === i18n.language) return knownTexts.texts;
  const texts: FormatTexts = {
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
  if (i18n.exists('entities:list.yes')) knownTexts = { language: i18n.language, texts };
  return texts;
}

/**
 * A list column of a definition in the list's language: its header label and its cell formatter made once
 * per language (issue 40 item 10: the header, its tooltips and the cells asked i18next again at each render).
 */
export interface GridColumn {
  id: string;
  label: string;
  numeric: boolean;
  sortable: boolean;
  /** The definition's width, else DEFAULT_COLUMN_WIDTH: the width until the page's content is measured. */
  size: number;
  format: CellFormatter;
}

/** The definition's list columns the caller may see (`hidden`: §6 hidden fields), in the list's language. */
export function listColumns(entity: AnyEntity, hidden: readonly string[], locale: string): GridColumn[] {
  const texts = formatTexts();
  return entity.listColumns
    .filter((column) => !hidden.includes(column.field))
    .map((column) => {
      const field = entity.fields[column.field]!;
      return {
        id: column.field,
        label: translate(field.labelKey, column.field),
        numeric: isNumeric(field),
        sortable: column.sortable === true,
        size: column.width ?? DEFAULT_COLUMN_WIDTH,
        format: cellFormatter(field, locale, texts),
      };
    });
}

/** The table columns of `listColumns` (TanStack keeps their visibility, sort and selection). */
export function gridColumns(columns: readonly GridColumn[]) {
  return columns.map((column) =>
    columnHelper.accessor((row: ListRow) => row[column.id], {
      id: column.id,
      header: column.label,
      size: column.size,
      enableSorting: column.sortable,
    }),
  );
}

/**
 * The cell texts of a page: per column, the text of each row in row order. Each distinct value is formatted
 * once (a page repeats its statuses, dates and customers), and the column widths and the rows both read these
 * texts, so a page is formatted once per answer, not once to measure and again at each render.
 */
export function pageTexts(rows: readonly ListRow[], columns: readonly Pick<GridColumn, 'id' | 'format'>[]): Record<string, readonly string[]> {
  const texts: Record<string, readonly string[]> = {};
  for (const column of columns) {
    const known = new Map<unknown, string>();
    texts[column.id] = rows.map((row) => {
      const value = row[column.id];
      // An array (a set field) is a new object in each row: formatted as it is.
      if (value !== null && typeof value === 'object') return column.format(value);
      let text = known.get(value);
      if (text === undefined) known.set(value, (text = column.format(value)));
      return text;
    });
  }
  return texts;
}

/** Padding and the header's extras (sort mark, resize edge) around a cell's text, in px. */
const CELL_PADDING = 18;
const HEADER_EXTRAS = 36;
/** A column sized by its content grows to this at most; a wider text is a description and gets the rest. */
export const MAX_CONTENT_WIDTH = 360;

/**
 * Issue 21 item 1: each column's width from its content — the header label, the widest of the cells of the rows
 * shown (`widestWidth`, in the grid's font) and the totals row's figure (bold, as the label, measured by
 * `measureLabel`) — so codes, dates and amounts are never cut; within a description's cells count up to
 * MAX_CONTENT_WIDTH (it takes the width left over, `flexibleColumn`).
 */
export function contentWidths(
  columns: readonly { id: string; label: string; widest: number; total?: string }[],
  measureLabel: (text: string) => number,
): Record<string, number> {
  return Object.fromEntries(
    columns.map((column) => {
      const label = measureLabel(column.label) + CELL_PADDING + HEADER_EXTRAS;
      const cells = column.widest > 0 ? column.widest + CELL_PADDING : 0;
      const total = column.total ? measureLabel(column.total) + CELL_PADDING : 0;
      return [column.id, Math.ceil(Math.max(label, total, Math.min(cells, MAX_CONTENT_WIDTH)))];
    }),
  );
}

/**
 * How far below the widest estimate a text is still measured (a fraction of it). An estimate adds up the text's
 * characters' own widths; shaping the whole text (kerning, ligatures) moves it by a few per cent at most.
 */
export const ESTIMATE_MARGIN = 0.1;
/**
 * At most this many texts of a column are measured whole, the widest estimates first. Codes, phone numbers and dates
 * of one format estimate alike; their shaped widths differ by a pixel or two at most, which the cell's padding holds.
 */
export const MEASURED_AT_MOST = 16;

/**
 * Issue 44: the width of the widest of `texts` as `measure` finds it, asking `measure` only about the texts that can
 * be the widest: each text is first `estimate`d (`characterWidths`), and only the texts within ESTIMATE_MARGIN of the
 * widest estimate (MEASURED_AT_MOST of them at most) are measured. Measuring every text of a page (9,000 on a
 * 1,000-row page of 9 columns) filled the browser's text-shaping cache, which lives on its garbage-collected heap,
 * by some 4 MB a page; the full collections that growth brought were most of the scroll's dropped frames.
 */
export function widestWidth(texts: readonly string[], measure: (text: string) => number, estimate: (text: string) => number): number {
  const estimated = new Map<string, number>();
  let top = 0;
  for (const text of texts) {
    if (estimated.has(text)) continue;
    const value = estimate(text);
    estimated.set(text, value);
    top = Math.max(top, value);
  }
  const floor = top * (1 - ESTIMATE_MARGIN);
  const candidates: [text: string, estimate: number][] = [];
  estimated.forEach((value, text) => {
    if (value > 0 && value >= floor) candidates.push([text, value]);
  });
  candidates.sort(([, a], [, b]) => b - a);
  return candidates.slice(0, MEASURED_AT_MOST).reduce((widest, [text]) => Math.max(widest, measure(text)), 0);
}

/** An estimate of a text's width: the sum of its characters' widths, each character measured once by `measureChar`. */
export function characterWidths(measureChar: (char: string) => number): (text: string) => number {
  const known = new Map<string, number>();
  return (text) => {
    let sum = 0;
    // By index, not `for…of` (an iterator per text, 9,000 texts a page); a character outside the BMP is two units.
    for (let i = 0; i < text.length; ) {
      const units = text.codePointAt(i)! > 0xffff ? 2 : 1;
      const char = units === 1 ? text[i]! : text.slice(i, i + 2);
      i += units;
      let width = known.get(char);
      if (width === undefined) known.set(char, (width = measureChar(char)));
      sum += width;
    }
    return sum;
  };
}

/**
 * Issue 44: whether every cell of a column shows its whole text at `width` (px) — its widest text (`widestWidth`)
 * and the cell's padding fit. Such a column's cells are drawn without clipping their text (records.css
 * `records-cell--fits`): a clip per cell made each scroll frame's paint and compositing work on hundreds of clips.
 */
export function fitsUnclipped(widest: number | undefined, width: number): boolean {
  return widest !== undefined && widest + CELL_PADDING <= width;
}

/** The column that takes the width left over: the text column with the widest cells (a description), else the last. */
export function flexibleColumn(columns: readonly { id: string; numeric: boolean; widest: number }[]): string | undefined {
  const text = columns.filter((column) => !column.numeric && column.widest > 0);
  const chosen = text.reduce<(typeof columns)[number] | undefined>((best, column) => (!best || column.widest > best.widest ? column : best), undefined);
  return chosen?.id ?? columns.at(-1)?.id;
}
