/**
 * React 19 with the standalone bundle, as README "From React 19" says (issue 70 item 3): a prop that names one of
 * an element's properties is set as that property (an array included, a boolean as `true`), an `on<event name>`
 * prop listens to that `erp-*` event with its detail, and a ref reaches the element. React is the product's own
 * ES module copy (`/vendor/dist/`, through an import map in a frame): build first (`npm run build`).
 */
import { expect } from '@open-wc/testing';
import type * as React from 'react';
import type * as ReactDomClient from 'react-dom/client';

interface ReactFrame extends Window {
  React: typeof React;
  ReactDomClient: typeof ReactDomClient;
}

const IMPORT_MAP = {
  imports: {
    react: '/vendor/dist/react.js',
    'react-dom': '/vendor/dist/react-dom.js',
    'react-dom/client': '/vendor/dist/react-dom-client.js',
  },
};

/** Polls until `probe` returns something truthy. */
async function until<T>(what: string, probe: () => T | null | undefined | false, timeout = 4000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the standalone bundle from React 19', () => {
  let win: ReactFrame;

  before(async () => {
    const response = await fetch('/vendor/dist/react-dom-client.js', { method: 'HEAD' });
    if (!response.ok) throw new Error('/vendor/dist is missing: run npm run build first');
    const iframe = document.createElement('iframe');
    iframe.srcdoc =
      `<!doctype html><html lang="en-CA"><head><script type="importmap">${JSON.stringify(IMPORT_MAP)}</script>` +
      '<script type="module">import "/elements/shell-elements.standalone.js"; import * as React from "react"; ' +
      'import * as ReactDomClient from "react-dom/client"; Object.assign(window, { React, ReactDomClient });</script>' +
      '</head><body><div id="root"></div></body></html>';
    document.body.append(iframe);
    win = await until('React in the frame', () => {
      const frame = iframe.contentWindow as ReactFrame | null;
      return frame?.React && frame.ReactDomClient && frame.customElements.get('erp-top-bar') ? frame : null;
    });
  });

  after(() => document.querySelector('iframe')?.remove());

  it('sets properties from props and listens to erp-* events through on<event name>', async () => {
    const { createElement, createRef } = win.React;
    const navigated: string[] = [];
    const bar = createRef<HTMLElementTagNameMap['erp-top-bar']>();
    const applications = [{ Application: 'GL', Description: 'General Ledger', RouterPath: '/novus-gl' }];
    const root = win.ReactDomClient.createRoot(win.document.getElementById('root')!);
    root.render(
      createElement('erp-top-bar', {
        ref: bar,
        signedIn: true,
        userName: 'Dana',
        applications,
        'onerp-navigate': (event: CustomEvent<{ path: string }>) => navigated.push(event.detail.path),
      }),
    );
    const element = await until('the rendered bar', () => bar.current);
    expect(element.signedIn).to.equal(true);
    expect(element.userName).to.equal('Dana');
    expect(element.applications === (applications as unknown)).to.equal(true);
    expect(element.hasAttribute('applications'), 'a property, not an attribute').to.equal(false);
    element.dispatchEvent(new CustomEvent('erp-navigate', { detail: { path: '/novus-gl' }, bubbles: true, composed: true }));
    expect(navigated).to.deep.equal(['/novus-gl']);
    root.unmount();
  });
});
