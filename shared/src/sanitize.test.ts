/**
 * The sanitizer without a DOM (Node): it must fail closed — no tag and no markup character survives.
 * The DOMPurify policy itself runs in Chromium: shell-elements/src/portal-badges/sanitize.test.ts (the XSS
 * corpus of tests/e2e/portal-xss-corpus.ts) and the portal e2e spec.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml, isBlankHtml, sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml without a DOM', () => {
  it('answers empty text for nothing', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml('')).toBe('');
    expect(isBlankHtml('')).toBe(true);
  });

  it('removes every tag and escapes what is left', () => {
    const out = sanitizeHtml('<p>Hi <b>there</b></p><script>alert(1)</script><img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/[<>]/);
    expect(out).toContain('Hi there');
    expect(sanitizeHtml('a < b & "c"')).toBe('a &lt; b &amp; &quot;c&quot;');
  });

  it('escapes the five markup characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('treats markup without text as blank', () => {
    expect(isBlankHtml('<p> </p>')).toBe(true);
    expect(isBlankHtml('<p>Welcome</p>')).toBe(false);
  });
});
