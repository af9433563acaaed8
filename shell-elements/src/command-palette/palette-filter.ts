/**
 * Matching of the command palette: every word of the query must occur in the entry's label, description,
 * application or keywords (the names users call the screen, issue 21 item 9: "invoice" finds the AR invoice
 * screen), ignoring case and accents (and width: full-width Latin typed with a CJK input method matches).
 * Screens in this release come before those that are not (issue 21 item 9: the palette finds what works);
 * among each, entries named exactly what was typed (label or a search word) come first, then those whose label
 * starts with the first word, then those with a search word starting with the text, then those whose label holds
 * every word, then the rest; the given order is kept within each rank.
 */

/** One place the palette can go to. */
export interface PaletteEntry {
  /** Identity of the entry (unique among `entries`), e.g. a MenuId or an application name. */
  id: string;
  /** Main text, e.g. the screen's MenuName. */
  label: string;
  /** Secondary text, e.g. the group the screen sits in. May be empty. */
  description: string;
  /** The hash path `erp-navigate` carries when the entry is chosen. */
  path: string;
  /** The application the entry belongs to (its Description or name), searched and shown. */
  application: string;
  /** Issue 16 item 4: true for a screen not in this release (shown with a mark, after the others). */
  unavailable?: boolean;
  /** Other names of the place, searched but not shown (issue 21 item 9), e.g. "invoice, credit note". */
  keywords?: string;
}

/**
 * Issue 42 item 1: a record the global search found (GET /api/search, asked by the palette's owner on every
 * keystroke). Records come after the screens, grouped by kind in the order given.
 */
export interface PaletteRecord {
  /** The entity (the group): records of one kind are consecutive. */
  entity: string;
  /** The record's key, as the screen opens it. */
  recordId: string;
  /** The business number (a firm's or product's code). */
  number: string;
  /** The name ('' when none). */
  name: string;
  /** The kind in the user's language (invoice, firm, employee …). */
  kind: string;
  /** The name of the module (application) the kind belongs to. */
  application: string;
  /** The hash path of the screen that opens the record. */
  path: string;
}

/** At most this many matches are shown; the count says how many there are in all. */
export const PALETTE_LIMIT = 50;
/** Screens shown when records were found too (the rest are counted). */
export const SCREENS_WITH_RECORDS = 8;

/** Text folded for matching: compatibility-decomposed, without combining marks, lower case. */
export function foldForSearch(text: string): string {
  return String(text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The entries matching `query` (all of them, in order, for an empty query), best first. */
export function filterPaletteEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const whole = words.join(' ');
  const ranked: { entry: PaletteEntry; rank: number; order: number }[] = [];
  entries.forEach((entry, order) => {
    const label = foldForSearch(entry.label);
    const keywords = foldForSearch(entry.keywords ?? '');
    const haystack = `${label}\n${foldForSearch(entry.description)}\n${foldForSearch(entry.application)}\n${keywords}`;
    if (!words.every((word) => haystack.includes(word))) return;
    // Issue 71 item 2: what the user typed being one of the screen's names ("bill": the vendor invoice's search
    // word) ranks it with the screens named so, before every label merely holding the word (Bill of Materials,
    // eight Billing screens); a search word starting with it comes after the labels starting with it.
    const names = keywords.split(',').map((name) => name.trim().replace(/\s+/g, ' ')).filter(Boolean);
    const rank =
      label === whole || names.includes(whole) ? 0 : label.startsWith(first) ? 1 : names.some((name) => name.startsWith(whole)) ? 2 : words.every((word) => label.includes(word)) ? 3 : 4;
    // A screen not in this release only after every one that works (5 ranks apart).
    ranked.push({ entry, rank: rank + (entry.unavailable ? 5 : 0), order });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.order - b.order).map((item) => item.entry);
}
