import { describe, expect, it } from 'vitest';
import { shownBanner } from './banner.ts';

// Issue 71 item 2: a result banner after a language switch is never left in the old language.
describe('a banner after a language switch', () => {
  it('writes a client text again in the language shown', () => {
    let language = 'en-CA';
    const texts: Record<string, string> = { 'en-CA': 'Saved.', 'fr-CA': 'Enregistré.' };
    const held = { kind: 'info' as const, text: () => texts[language]!, language: 'en-CA' };
    expect(shownBanner(held, 'en-CA')).toEqual({ kind: 'info', text: 'Saved.' });
    language = 'fr-CA';
    expect(shownBanner(held, 'fr-CA')).toEqual({ kind: 'info', text: 'Enregistré.' });
  });

  it('shows a server message only in the language it was answered in', () => {
    const held = { kind: 'error' as const, text: 'The vendor is inactive.', language: 'en-CA' };
    expect(shownBanner(held, 'en-CA')).toEqual({ kind: 'error', text: 'The vendor is inactive.' });
    expect(shownBanner(held, 'fr-CA')).toBeNull();
    expect(shownBanner(null, 'fr-CA')).toBeNull();
  });
});
