/**
 * `pdfText(bytes)`: the text of a PDF (pages joined by a newline, items by a space) for server tests that check
 * what a report's PDF says. The e2e tests read downloads with the same function: its one implementation is
 * tests/e2e/pdf-text.ts, re-exported here so server tests import it from their own helpers.
 */
export { pdfText } from '../../../tests/e2e/pdf-text.ts';
