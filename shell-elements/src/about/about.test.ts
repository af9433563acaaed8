import { expect, fixture, html } from '@open-wc/testing';
import { i18n, type TenantInfo } from '@erp/shared';
import { useLocale } from '../testing/i18n.ts';
import { ErpAbout, type AboutShortcut, type AboutVersion } from './about.ts';

const tenant: TenantInfo = { server: 'SQLPROD01', database: 'ERP_MAIN', releaseNumber: '24.3.1' };
const versions: AboutVersion[] = [
  { name: 'Shell', version: '1.4.2' },
  { name: 'General Ledger', version: '2.0.0' },
];
const shortcuts: AboutShortcut[] = [
  { keys: 'Ctrl+K', description: 'Go to a screen' },
  { keys: 'Ctrl+Shift+S', description: 'Save' },
  { keys: 'Ctrl++', description: 'Zoom in' },
  { keys: 'Escape', description: 'Stop loading' },
];

async function about(properties: Partial<ErpAbout> = {}): Promise<ErpAbout> {
  const element = await fixture<ErpAbout>(html`<erp-about .tenant=${tenant} .versions=${versions} .shortcuts=${shortcuts}></erp-about>`);
  Object.assign(element, properties);
  await element.updateComplete;
  return element;
}

const root = (element: ErpAbout) => element.shadowRoot!;
const headings = (element: ErpAbout) => [...root(element).querySelectorAll('h3')].map((node) => node.textContent?.trim());
const facts = (element: ErpAbout) =>
  [...root(element).querySelectorAll('dl > div')].map((row) => [
    row.querySelector('dt')!.textContent?.trim(),
    row.querySelector('dd')!.textContent?.trim(),
  ]);
const rows = (element: ErpAbout, part: string) =>
  [...root(element).querySelectorAll(`[part~="${part}"] tbody tr`)].map((row) =>
    [...row.children].map((cell) => cell.textContent?.replace(/\s+/g, '').trim()),
  );

describe('erp-about', () => {
  before(async () => {
    await useLocale('en-CA');
  });

  afterEach(async () => {
    if (i18n.language !== 'en-CA') await i18n.changeLanguage('en-CA');
  });

  it('is registered once as erp-about', () => {
    expect(customElements.get('erp-about') === ErpAbout).to.equal(true);
  });

  it('shows the environment, the components and the shortcuts under headings', async () => {
    const element = await about();
    expect(headings(element)).to.deep.equal(['Environment', 'Components', 'Keyboard shortcuts']);
    for (const section of root(element).querySelectorAll('section')) {
      const heading = root(element).getElementById(section.getAttribute('aria-labelledby')!);
      expect(heading?.tagName, 'each section is named by its heading').to.equal('H3');
    }
  });

  it('lists release, database server and database as a description list', async () => {
    const element = await about();
    expect(facts(element)).to.deep.equal([
      ['Release', '24.3.1'],
      ['Database server', 'SQLPROD01'],
      ['Database', 'ERP_MAIN'],
    ]);
  });

  it('shows a portal customer the release only, never the database server or database', async () => {
    const element = await about({ customer: true });
    expect(facts(element)).to.deep.equal([['Release', '24.3.1']]);
    expect(root(element).textContent).to.not.include('SQLPROD01').and.not.include('ERP_MAIN');
  });

  it('says "not available" for what it does not know', async () => {
    const element = await about({ tenant: null });
    expect(facts(element).map(([, value]) => value)).to.deep.equal(['not available', 'not available', 'not available']);
  });

  it('lists the components and versions in a table with column headers', async () => {
    const element = await about();
    const headers = [...root(element).querySelectorAll('[part~="versions"] thead th')];
    expect(headers.map((th) => [th.textContent?.trim(), th.getAttribute('scope')])).to.deep.equal([
      ['Component', 'col'],
      ['Version', 'col'],
    ]);
    expect(rows(element, 'versions')).to.deep.equal([
      ['Shell', '1.4.2'],
      ['GeneralLedger', '2.0.0'],
    ]);
  });

  it('shows each key of a shortcut in <kbd>, a lone + included', async () => {
    const element = await about();
    expect(rows(element, 'shortcuts')).to.deep.equal([
      ['Ctrl+K', 'Gotoascreen'],
      ['Ctrl+Shift+S', 'Save'],
      ['Ctrl++', 'Zoomin'],
      ['Escape', 'Stoploading'],
    ]);
    const keys = (row: number) =>
      [...root(element).querySelectorAll(`[part~="shortcuts"] tbody tr:nth-child(${row}) kbd.key`)].map((kbd) => kbd.textContent);
    expect(keys(2)).to.deep.equal(['Ctrl', 'Shift', 'S']);
    expect(keys(3)).to.deep.equal(['Ctrl', '+']);
  });

  it('leaves out the component and shortcut sections when their lists are empty', async () => {
    const element = await about({ versions: [], shortcuts: [] });
    expect(headings(element)).to.deep.equal(['Environment']);
  });

  it('re-renders in the new language', async () => {
    await i18n.loadLanguages(['fr-CA', 'zh-TW']);
    const element = await about({ tenant: null });
    await i18n.changeLanguage('fr-CA');
    await element.updateComplete;
    expect(headings(element)).to.deep.equal(['Environnement', 'Composants', 'Raccourcis clavier']);
    expect(facts(element)[1]).to.deep.equal(['Serveur de base de données', 'non disponible']);
    await i18n.changeLanguage('zh-TW');
    await element.updateComplete;
    expect(headings(element)).to.deep.equal(['環境', '元件', '鍵盤快速鍵']);
  });

  it('passes axe', async () => {
    const element = await about();
    await expect(element).to.be.accessible();
  });
});
