/**
 * Issue 71 ("no internal id where a person reads"), one definition for every generated check: the screens
 * (screen-layout.spec.ts, in the page: the sources below travel as strings), the PDFs and the e-mails
 * (server/test/rendered-locale.test.ts).
 *
 * An internal surrogate id is a bare integer a label calls an id: "Payment ID: 5", "ID 12", "AR item 479",
 * "ID du paiement : 5", "Élément C/C 479", "付款 ID：5", "应收项目 479", "内部编号 7". A person reads document
 * numbers (AR000312, PO200037), codes (V100, NET30), quantities and amounts (12.0000, 1,059.38), positions
 * ("Line 1") and numbers people use ("Cheque no. 1001"): none of them is a bare integer after an id's label.
 *
 * - `ID_LABEL`: a label that names an id, in the four languages — the word ID (Id), identifier, an internal
 *   number, an item of a sub-ledger (English "item", French "élément", Chinese 项目/項目).
 * - `internalIds(text)`: the places in running text (a PDF's, an e-mail's, a screen's text node) where such a
 *   label is followed — after at most three short words (French puts them after: "ID du paiement") and a colon —
 *   by a bare integer (not part of a decimal, a code or a date).
 * - `isInternalId(label, value)`: a field or column labelled with an id showing a bare integer (the screen's
 *   read-only fields and grid cells, whose label and value are separate texts).
 */

/** Not inside a word (`\\b` knows only ASCII letters: "élément"). */
const WORD_START = String.raw`(?<![\p{L}\p{N}])`;
const WORD_END = String.raw`(?![\p{L}\p{N}])`;

/** A label naming an id (regular-expression source, flags `iu`). */
export const ID_LABEL = `(?:${WORD_START}(?:ID|identifi(?:er|ant)|internal\\s+(?:no\\.|number)|n(?:o|°|º)\\s+interne|item|élément)${WORD_END}|内部编号|內部編號|项目|項目)`;

/** A bare integer: digits (grouped or not) not followed by a decimal part, a letter or more of a code or date. */
const BARE_INTEGER = String.raw`(?<![\p{L}\p{N}.,\-/])\d{1,3}(?:[,\u00a0\u202f ]\d{3})*(?![\p{L}\p{N}]|[.,:/\-]\p{N})|(?<![\p{L}\p{N}.,\-/])\d+(?![\p{L}\p{N}]|[.,:/\-]\p{N})`;

/** The label, up to three short words after it, an optional colon, then a bare integer (source, flags `giu`). */
export const INTERNAL_ID = String.raw`${ID_LABEL}(?:[ \u00a0][\p{L}/'’.]{1,12}){0,3}[ \u00a0]*[:：#]?[ \u00a0]*(?:${BARE_INTEGER})`;

/** The internal ids shown in `text`, each with what surrounds it. */
export function internalIds(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(new RegExp(INTERNAL_ID, 'giu'))) {
    const at = match.index;
    found.push(`internal id "${match[0]}" in "${text.slice(Math.max(0, at - 30), at + match[0].length + 20).replace(/\s+/g, ' ')}"`);
  }
  return found;
}

/** A value that is a bare integer (a field's or a cell's whole text). */
export const BARE_VALUE = String.raw`^\s*(?:\d{1,3}(?:[,\u00a0\u202f ]\d{3})+|\d+)\s*$`;

/** Is `value`, shown under `label`, an internal id? */
export function isInternalId(label: string, value: string): boolean {
  return new RegExp(ID_LABEL, 'iu').test(label) && new RegExp(BARE_VALUE, 'u').test(value);
}
