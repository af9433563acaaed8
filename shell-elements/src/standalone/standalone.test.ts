/**
 * The standalone bundle as an intranet page uses it: built `dist/` files loaded into iframes with no import
 * map (the dev server maps `/elements/` to `shell-elements/dist/` as the real server does; see
 * web-test-runner.config.mjs). Needs `npm run build -w shell-elements` first (`npm test` at the root builds).
 */
import { expect } from '@open-wc/testing';
import { matchLocale } from './locale.ts';

const TAGS = [
  'erp-top-bar',
  'erp-loading-overlay',
  'erp-menu-bar',
  'erp-tab-bar',
  'erp-command-palette',
  'erp-dialog',
  'erp-about',
  'erp-banner',
];
const BUNDLE = '/elements/shell-elements.standalone.js';
const CULTURE_COOKIE = '.AspNetCore.Culture';

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

/** An iframe set up by `setup` (src or srcdoc), once loaded. */
async function frame(setup: (iframe: HTMLIFrameElement) => void): Promise<HTMLIFrameElement> {
  const iframe = document.createElement('iframe');
  iframe.width = '1100';
  iframe.height = '800';
  const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  setup(iframe);
  document.body.append(iframe);
  await loaded;
  return iframe;
}

/**
 * Paths of the shell.json files the frame fetched. Besides the page's language, i18next loads its fallback
 * language (en-CA) as the shell does, so a key missing in one language still shows in English.
 */
const localeFiles = (win: Window) =>
  win.performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.endsWith('/shell.json'));

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? null;

/** A plain page with one script tag and a banner, for the locale rules. */
const plainPage = ({
  lang,
  head = '',
  scriptAttributes = '',
  bundle = BUNDLE,
}: {
  lang?: string;
  head?: string;
  scriptAttributes?: string;
  bundle?: string;
}) =>
  `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head>${head}` +
  `<script type="module" src="${bundle}" ${scriptAttributes}></script></head>` +
  `<body><erp-banner open kind="error" message="X"></erp-banner></body></html>`;

describe('standalone bundle', () => {
  before(async () => {
    const response = await fetch(BUNDLE, { method: 'HEAD' });
    if (!response.ok) throw new Error(`${BUNDLE} is missing (${response.status}): run npm run build -w shell-elements first`);
  });

  afterEach(() => {
    for (const iframe of document.querySelectorAll('iframe')) iframe.remove();
  });

  describe('the demo page', () => {
    async function demo(): Promise<{ win: Window; doc: Document }> {
      const iframe = await frame((element) => (element.src = '/elements/demo/index.html'));
      const doc = iframe.contentDocument!;
      await until('the demo to be ready', () => doc.documentElement.dataset['demoReady'] === 'true');
      return { win: iframe.contentWindow!, doc };
    }

    it('registers every element with one script tag, no import map, translations from /locales', async () => {
      const { win, doc } = await demo();
      expect(doc.querySelector('script[type="importmap"]')?.outerHTML ?? null).to.equal(null);
      expect(TAGS.filter((tag) => !win.customElements.get(tag))).to.deep.equal([]);
      const topBar = doc.querySelector('erp-top-bar')!;
      expect(text(topBar.shadowRoot!.querySelector('[role="tab"]'))).to.equal('HOME');
      const menubar = doc.querySelector('erp-menu-bar')!.shadowRoot!.querySelector('[role="menubar"]')!;
      expect(menubar.getAttribute('aria-label')).to.equal('Application menu');
      expect(localeFiles(win)).to.deep.equal(['/locales/en-CA/shell.json']);
    });

    it('renders styled under its strict Content-Security-Policy, with no violation', async () => {
      const { win, doc } = await demo();
      const menubar = doc.querySelector('erp-menu-bar')!.shadowRoot!.querySelector('[role="menubar"]')!;
      expect(win.getComputedStyle(menubar).display).to.equal('flex');
      expect(win.getComputedStyle(doc.body).marginTop, 'demo.css applies').to.equal('0px');
      expect(doc.documentElement.dataset['cspViolations'] ?? '0').to.equal('0');
    });

    it('has no inline script, inline style or event-handler attribute', async () => {
      const html = await (await fetch('/elements/demo/index.html')).text();
      const page = new DOMParser().parseFromString(html, 'text/html');
      expect([...page.scripts].filter((script) => !script.src).length, 'inline scripts').to.equal(0);
      expect(page.querySelectorAll('style, [style]').length, 'inline styles').to.equal(0);
      const handlers = [...page.querySelectorAll('*')].flatMap((node) => node.getAttributeNames().filter((name) => name.startsWith('on')));
      expect(handlers).to.deep.equal([]);
      const csp = page.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
      expect(csp).to.include("script-src 'self'").and.include("style-src 'self'").and.not.include('unsafe');
      // The test runner's dev server adds its own web-socket script to every page it serves.
      const scripts = [...page.scripts].map((script) => script.getAttribute('src')).filter((src) => !src?.includes('__web-dev-server'));
      expect(scripts).to.deep.equal(['../shell-elements.standalone.js', 'demo.js']);
    });

    it('lists the erp-* events of the elements in its log, and plays the owner (a menu choice opens a busy tab)', async () => {
      const { doc } = await demo();
      const menuBar = doc.querySelector('erp-menu-bar')!.shadowRoot!;
      const item = (id: string) => menuBar.querySelector<HTMLElement>(`[data-id="${id}"]`);
      item('GL0006')!.click();
      (await until('the Setup submenu', () => item('GL0111'))).click();
      const line = await until('a log line', () => doc.querySelector('#event-log [data-event="erp-menu-select"]'));
      expect(text(line)).to.include('/novus-gl/gl-chart');
      const tabBar = doc.querySelector('erp-tab-bar')!.shadowRoot!;
      const tab = await until('the new menu tab', () => tabBar.querySelector('[role="tab"]'));
      expect(text(tab)).to.equal('GL Chart of Accounts');
      expect(tab.getAttribute('aria-busy')).to.equal('true');
      tabBar.querySelector<HTMLElement>('[part="tab-close"]')!.click();
      await until('the close event in the log', () => doc.querySelector('#event-log [data-event="erp-menu-tab-close"]'));
      doc.querySelector<HTMLButtonElement>('#show-error')!.click();
      const dialog = doc.querySelector('erp-dialog')!.shadowRoot!;
      // Shoelace's dialog, loaded by the bundle on first use (a lazy chunk next to it).
      await until('the Error dialog', () => dialog.querySelector('sl-dialog')?.hasAttribute('data-shown'));
      dialog.querySelector<HTMLElement>('[part~="action"]')!.click();
      const answer = await until('the dialog answer', () => doc.querySelector('#event-log [data-event="erp-dialog-action"]'));
      expect(text(answer)).to.include('"ok"');
    });

    it('follows <html lang>', async () => {
      const { doc } = await demo();
      const topBar = doc.querySelector('erp-top-bar')!.shadowRoot!;
      doc.documentElement.lang = 'fr-CA';
      await until('French', () => text(topBar.querySelector('[role="tab"]')) === 'ACCUEIL');
      doc.documentElement.lang = 'zh-Hant';
      await until('Traditional Chinese', () => text(topBar.querySelector('[role="tab"]')) === '首頁');
    });
  });

  describe('locales base and language', () => {
    it('takes the base from the script tag and the language from <html lang>', async () => {
      const iframe = await frame((element) => {
        element.srcdoc = plainPage({ lang: 'fr', scriptAttributes: 'data-locales-base="/test-locales"' });
      });
      const doc = iframe.contentDocument!;
      const strip = await until('the banner', () => doc.querySelector('erp-banner')?.shadowRoot?.querySelector('[part="base"]'));
      await until('French', () => text(strip) === 'Erreur: X');
      // The fallback file may still be on its way when the page's language has rendered.
      await until('both files', () => localeFiles(iframe.contentWindow!).length >= 2);
      expect(localeFiles(iframe.contentWindow!).sort()).to.deep.equal([
        '/test-locales/en-CA/shell.json',
        '/test-locales/fr-CA/shell.json',
      ]);
    });

    it('takes the base from <meta name="erp-locales-base"> and the language from the culture cookie', async () => {
      document.cookie = `${CULTURE_COOKIE}=${encodeURIComponent('c=zh-TW|uic=zh-TW')}; path=/`;
      try {
        const iframe = await frame((element) => {
          element.srcdoc = plainPage({ head: '<meta name="erp-locales-base" content="/test-locales">' });
        });
        const doc = iframe.contentDocument!;
        const strip = await until('the banner', () => doc.querySelector('erp-banner')?.shadowRoot?.querySelector('[part="base"]'));
        await until('Traditional Chinese', () => text(strip) === '錯誤: X');
        await until('both files', () => localeFiles(iframe.contentWindow!).length >= 2);
        expect(localeFiles(iframe.contentWindow!).sort()).to.deep.equal([
          '/test-locales/en-CA/shell.json',
          '/test-locales/zh-TW/shell.json',
        ]);
      } finally {
        document.cookie = `${CULTURE_COOKIE}=; path=/; max-age=0`;
      }
    });

    it('prefers the script attribute to the meta tag', async () => {
      const iframe = await frame((element) => {
        element.srcdoc = plainPage({
          lang: 'en-CA',
          head: '<meta name="erp-locales-base" content="/nowhere">',
          scriptAttributes: 'data-locales-base="/test-locales"',
        });
      });
      const doc = iframe.contentDocument!;
      const strip = await until('the banner', () => doc.querySelector('erp-banner')?.shadowRoot?.querySelector('[part="base"]'));
      await until('English', () => text(strip) === 'Error: X');
      expect(localeFiles(iframe.contentWindow!)).to.deep.equal(['/test-locales/en-CA/shell.json']);
    });

    it('by default loads the locales folder next to its own folder, also under a path prefix', async () => {
      const iframe = await frame((element) => {
        element.srcdoc = plainPage({ lang: 'en-CA', bundle: '/mounted/elements/shell-elements.standalone.js' });
      });
      const doc = iframe.contentDocument!;
      const strip = await until('the banner', () => doc.querySelector('erp-banner')?.shadowRoot?.querySelector('[part="base"]'));
      await until('English', () => text(strip) === 'Error: X');
      expect(localeFiles(iframe.contentWindow!)).to.deep.equal(['/mounted/locales/en-CA/shell.json']);
    });

    it('maps language tags to the nearest supported locale', () => {
      expect(matchLocale('fr-CA')).to.equal('fr-CA');
      expect(matchLocale('FR')).to.equal('fr-CA');
      expect(matchLocale('fr_FR')).to.equal('fr-CA');
      expect(matchLocale('en-US')).to.equal('en-CA');
      expect(matchLocale('zh')).to.equal('zh-CN');
      expect(matchLocale('zh-Hans-SG')).to.equal('zh-CN');
      expect(matchLocale('zh-Hant')).to.equal('zh-TW');
      expect(matchLocale('zh-HK')).to.equal('zh-TW');
      expect(matchLocale('de-DE')).to.equal(null);
      expect(matchLocale('')).to.equal(null);
    });
  });
});
