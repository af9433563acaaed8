/**
 * THE sanitizer (shared/src/sanitize.ts, DOMPurify) in a real browser: no payload of the XSS corpus runs
 * (no global set, no dialog) when its sanitized HTML is put into the page, and nothing dangerous is left
 * in the markup (no script, no handlers, no javascript: URLs, no SVG/MathML, no style attributes).
 */
import { expect } from '@open-wc/testing';
import { isBlankHtml, sanitizeHtml } from '@erp/shared/sanitize';
import { XSS_CORPUS } from '../../../tests/e2e/portal-xss-corpus.ts';

declare global {
  interface Window {
    __xss?: number;
  }
}

describe('sanitizeHtml (DOMPurify) in Chromium', () => {
  it('has at least 30 payloads', () => {
    expect(XSS_CORPUS.length).to.be.greaterThanOrEqual(30);
  });

  it('never runs a payload of the corpus and leaves nothing dangerous', async () => {
    const alerts: string[] = [];
    const original = window.alert;
    window.alert = (message?: unknown) => void alerts.push(String(message));
    const host = document.createElement('div');
    document.body.append(host);
    try {
      for (const payload of XSS_CORPUS) {
        const safe = sanitizeHtml(payload);
        host.innerHTML = safe;
        const html = host.innerHTML.toLowerCase();
        expect(html, payload).to.not.match(/<script|<svg|<math|<iframe|<object|<embed|<style|<template|<form|<base|<meta/);
        expect(html, payload).to.not.match(/\son\w+\s*=/);
        expect(html, payload).to.not.include('javascript:');
        expect(host.querySelector('[style]'), payload).to.equal(null);
        for (const anchor of host.querySelectorAll('a[href]')) {
          expect(anchor.getAttribute('href')!.toLowerCase().replace(/\s/g, ''), payload).to.not.match(/^(javascript|data|vbscript):/);
        }
      }
      // Let error events of broken images and any timers fire.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      host.remove();
      window.alert = original;
    }
    expect(window.__xss).to.equal(undefined);
    expect(alerts).to.deep.equal([]);
  });

  it('keeps ordinary markup and makes links open safely', () => {
    const safe = sanitizeHtml('<h2>Welcome</h2><p>Orders before <strong>2 p.m.</strong> <a href="https://example.com/x">ship</a></p>');
    expect(safe).to.include('<h2>Welcome</h2>');
    expect(safe).to.include('<strong>2 p.m.</strong>');
    expect(safe).to.include('rel="noopener noreferrer"');
    expect(isBlankHtml('<p>&nbsp;</p>')).to.equal(true);
    expect(isBlankHtml('<p>Hi</p>')).to.equal(false);
  });
});
