/**
 * Search folding (issue 40 item 7): lookups match "any part, ignoring case and accents" on SQLite and
 * PostgreSQL alike. `foldText` is the one fold — canonical decomposition (NFD), combining marks
 * U+0300–U+036F dropped, lower case — applied in JS to the search text, by SQLite through the `erp_fold`
 * function registered on every connection (`registerFold`), and by PostgreSQL with the same steps in SQL
 * (`normalize(…, NFD)`, `regexp_replace`, `lower`: built in from PostgreSQL 13, no extension needed).
 * Measured on 100k firms: folding every row costs 10× a plain LIKE on SQLite (a JS call per row) and 3× on
 * PostgreSQL, so the search folds only rows holding a non-ASCII character (lookups.ts `searchCondition`).
 */
import type BetterSqlite3 from 'better-sqlite3';

/** The SQL function name of the fold on SQLite. */
export const FOLD_FUNCTION = 'erp_fold';

const MARKS = /[\u0300-\u036f]/g;

/** "Société Générale" → "societe generale". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase();
}

/** The SQL function name of the word-prefix test on SQLite (the global search's check on readable columns). */
export const WORDS_FUNCTION = 'erp_has_words';

/**
 * Whether every word of `words` (folded, space-separated) begins some word of `text` once folded — words being
 * runs of letters and digits, as FTS5's unicode61 tokenizer cuts them (issue 68 item 1: search/search.ts).
 */
export function hasWordPrefixes(text: string, words: string): boolean {
  const own = foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.split(' ').filter(Boolean).every((word) => own.some((candidate) => candidate.startsWith(word)));
}

/** Registers `erp_fold(text)` (non-text values pass through) and `erp_has_words(text, words)` on a SQLite connection. */
export function registerFold(sqlite: BetterSqlite3.Database): void {
  sqlite.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) => (typeof value === 'string' ? foldText(value) : value) as string | null);
  sqlite.function(WORDS_FUNCTION, { deterministic: true }, (text: unknown, words: unknown) => (hasWordPrefixes(text === null || text === undefined ? '' : String(text), String(words ?? '')) ? 1 : 0));
}
