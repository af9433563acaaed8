/**
 * A form's result banner that follows the language shown (issue 71 item 2: "old language after a language switch").
 *
 * Contract: `useBanner<K>()` → `[banner, setBanner]`. `setBanner({ kind, text })` takes the text either as a
 * function of the moment of rendering (`() => tr('entities:result.updated', 'Saved.')`: written from keys by the
 * client, re-rendered in the new language after a switch) or as a string (the server's `Message`, written in the
 * language of its answer). `banner` is what to show now, `{ kind, text: string }`: a string written in another
 * language than the one now shown is not shown (it cannot be rewritten; a banner belongs to the action that raised
 * it), never left in the old language.
 */
import { useCallback, useState } from 'react';
import { i18n } from '@erp/shared';
import { useText } from './text.ts';

export type BannerText = string | (() => string);

export interface Held<K extends string> {
  kind: K;
  text: BannerText;
  /** The language the text was written in (a string's). */
  language: string;
}

export function useBanner<K extends string>(): [{ kind: K; text: string } | null, (next: { kind: K; text: BannerText } | null) => void] {
  // Re-renders on a language change (`useText` follows i18n), so a function's text is written again.
  const { language } = useText();
  const [held, setHeld] = useState<Held<K> | null>(null);
  const set = useCallback((next: { kind: K; text: BannerText } | null) => setHeld(next ? { ...next, language: i18n.language } : null), []);
  return [shownBanner(held, language), set];
}

/** What a held banner shows in `language`: a function's text written now, a string only in its own language. */
export function shownBanner<K extends string>(held: Held<K> | null, language: string): { kind: K; text: string } | null {
  if (!held) return null;
  if (typeof held.text === 'function') return { kind: held.kind, text: held.text() };
  return held.language === language ? { kind: held.kind, text: held.text } : null;
}
