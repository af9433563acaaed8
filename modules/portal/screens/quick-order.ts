/**
 * Quick order by SKU (issue #4: "paste lines of `SKU quantity`, unknown SKUs listed back, duplicates
 * merged"). Pure, so every rule is unit-tested.
 *
 * A line is a SKU, then optionally a quantity, separated by spaces, tabs, a comma or a semicolon (what a
 * spreadsheet paste gives). A missing quantity means 1. Blank lines are skipped. SKUs are compared
 * upper-cased; the same SKU on several lines is one line with the quantities added, at its first position.
 * A quantity that is not a whole number from 1 to 100000 makes the line invalid (listed back to the user).
 */
export interface QuickLine {
  sku: string;
  quantity: number;
}

export interface QuickParse {
  lines: QuickLine[];
  /** Lines that could not be read, as typed. */
  invalid: string[];
}

export const MAX_QUANTITY = 100000;

/** A typed quantity as the order takes it: a whole number from 1 to MAX_QUANTITY, else null. */
export function quantityOf(text: string): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_QUANTITY ? value : null;
}
const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;

export function parseQuickOrder(text: string): QuickParse {
  const merged = new Map<string, number>();
  const invalid: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const parts = line.split(/[\s,;]+/).filter(Boolean);
    const [sku, quantityText, ...rest] = parts;
    const quantity = quantityText === undefined ? 1 : Number(quantityText);
    if (!sku || !SKU.test(sku) || rest.length > 0 || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
      invalid.push(line);
      continue;
    }
    const key = sku.toUpperCase();
    merged.set(key, Math.min(MAX_QUANTITY, (merged.get(key) ?? 0) + quantity));
  }
  return { lines: [...merged].map(([sku, quantity]) => ({ sku, quantity })), invalid };
}
