import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { i18n } from '@erp/shared';
import { useLocale } from '../testing/i18n.ts';
import { ErpTabBar, type TabBarTab } from './tab-bar.ts';

const tabs: TabBarTab[] = [
  { id: 'GL0111', label: 'GL Chart of Accounts', isNew: false },
  { id: 'GL0104', label: 'Accounting Periods', isNew: false },
  { id: 'GL0107', label: 'Trial Balance', isNew: true },
];

async function tabBar(properties: Partial<ErpTabBar> = {}): Promise<ErpTabBar> {
  const element = await fixture<ErpTabBar>(html`<erp-tab-bar .tabs=${tabs} active-id="GL0104"></erp-tab-bar>`);
  Object.assign(element, properties);
  await element.updateComplete;
  return element;
}

const root = (element: ErpTabBar) => element.shadowRoot!;
const tabElements = (element: ErpTabBar) => [...root(element).querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const closers = (element: ErpTabBar) => [...root(element).querySelectorAll<HTMLButtonElement>('[part="tab-close"]')];
const texts = (nodes: Element[]) => nodes.map((node) => node.textContent?.trim() ?? '');
/** Compare text, never DOM nodes (see README). */
const focusedText = (element: ErpTabBar) => root(element).activeElement?.textContent?.trim() ?? null;

describe('erp-tab-bar', () => {
  before(async () => {
    await useLocale('en-CA');
  });

  afterEach(async () => {
    if (i18n.language !== 'en-CA') await i18n.changeLanguage('en-CA');
  });

  it('shows the full title of a truncated tab in a tooltip when pointed at or focused, none for a tab that fits', async () => {
    const long = 'Customer statement of account with every open invoice and payment';
    const element = await fixture<ErpTabBar>(
      html`<erp-tab-bar .tabs=${[{ id: 'LONG', label: long, isNew: false }, { id: 'S', label: 'Short', isNew: false }]} active-id="S"></erp-tab-bar>`,
    );
    element.style.setProperty('--erp-tab-bar-tab-max-width', '10rem');
    await element.updateComplete;
    const [longTab, shortTab] = tabElements(element);
    const tooltipOf = (id: string) => root(element).querySelector<HTMLElement & { open: boolean; disabled: boolean; content: string }>(`sl-tooltip[data-tooltip-for="${id}"]`)!;
    const box = longTab!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 20), Math.round(box.top + box.height / 2)] });
    await waitUntil(() => tooltipOf('LONG').open === true, 'the truncated tab shows no tooltip', { timeout: 4000 });
    expect(tooltipOf('LONG').content).to.equal(long);
    const popupText = tooltipOf('LONG').shadowRoot!.querySelector('[part~="body"]')!.textContent?.trim();
    expect(popupText).to.equal(long);
    // A tab that fits: no tooltip, even when focused.
    shortTab!.focus();
    await element.updateComplete;
    expect(tooltipOf('S').disabled).to.equal(true);
    expect(tooltipOf('S').open).to.equal(false);
    // Keyboard: focusing the truncated tab opens its tooltip too.
    await sendMouse({ type: 'move', position: [0, 0] });
    longTab!.focus();
    await waitUntil(() => tooltipOf('LONG').open === true, 'focus did not open the tooltip', { timeout: 4000 });
  });

  it("names the close button's keyboard shortcut in its tooltip", async () => {
    const element = await tabBar();
    expect(closers(element)[0]!.getAttribute('title')).to.equal('Close GL Chart of Accounts (keyboard: Delete on the tab)');
    expect(closers(element)[0]!.getAttribute('aria-label')).to.equal('Close GL Chart of Accounts');
  });

  it('marks a tab whose screen has unsaved changes with a named marker', async () => {
    const element = await tabBar({ tabs: [{ ...tabs[0]!, dirty: true }, tabs[1]!] });
    const markers = root(element).querySelectorAll('[part="tab-dirty"]');
    expect(markers.length).to.equal(1);
    expect(markers[0]!.getAttribute('role')).to.equal('img');
    expect(markers[0]!.getAttribute('aria-label')).to.equal('Unsaved changes');
    expect(tabElements(element)[0]!.contains(markers[0]!)).to.equal(true);
    await i18n.changeLanguage('fr-CA');
    await element.updateComplete;
    expect(markers[0]!.getAttribute('aria-label')).to.equal('Modifications non enregistrées');
    await expect(element).to.be.accessible();
  });

  it('scrolls a newly selected tab into view only when the strip hides it', async () => {
    const many: TabBarTab[] = Array.from({ length: 30 }, (_, i) => ({ id: `M${i}`, label: `Screen number ${i}`, isNew: false }));
    const element = await fixture<ErpTabBar>(html`<erp-tab-bar class="narrow" .tabs=${many} active-id="M0"></erp-tab-bar>`);
    element.style.display = 'block';
    element.style.width = '400px';
    const strip = root(element).querySelector<HTMLElement>('.strip')!;
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await frames();
    expect(strip.scrollLeft).to.equal(0);
    element.activeId = 'M29';
    await element.updateComplete;
    await frames();
    await frames();
    const last = tabElements(element)[29]!.getBoundingClientRect();
    const box = strip.getBoundingClientRect();
    expect(strip.scrollLeft).to.be.greaterThan(0);
    expect(last.right).to.be.at.most(box.right + 1);
    // A tab already in view: nothing moves.
    const before = strip.scrollLeft;
    element.activeId = 'M28';
    await element.updateComplete;
    await frames();
    await frames();
    expect(strip.scrollLeft).to.equal(before);
  });

  it('is registered once as erp-tab-bar', () => {
    expect(customElements.get('erp-tab-bar') === ErpTabBar).to.equal(true);
  });

  describe('rendering', () => {
    it('renders a named tablist of the tabs in order, the active one selected', async () => {
      const element = await tabBar();
      const tablist = root(element).querySelector('[role="tablist"]')!;
      expect(tablist.getAttribute('aria-label')).to.equal('Open screens');
      expect(texts(tabElements(element))).to.deep.equal(['GL Chart of Accounts', 'Accounting Periods', 'Trial Balance']);
      expect(tabElements(element).map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal(['false', 'true', 'false']);
      expect(tabElements(element)[1]!.part.contains('tab-active')).to.equal(true);
    });

    it('renders nothing and takes no space without tabs', async () => {
      const element = await tabBar({ tabs: [] });
      expect(root(element).querySelector('[role="tablist"]')?.outerHTML ?? null).to.equal(null);
      expect(element.getBoundingClientRect().height).to.equal(0);
    });

    it('gives every tab a named close button outside the tablist', async () => {
      const element = await tabBar();
      expect(closers(element).map((button) => button.getAttribute('aria-label'))).to.deep.equal([
        'Close GL Chart of Accounts',
        'Close Accounting Periods',
        'Close Trial Balance',
      ]);
      const tablist = root(element).querySelector('[role="tablist"]')!;
      expect(closers(element).some((button) => tablist.contains(button))).to.equal(false);
      expect(closers(element).map((button) => button.tabIndex)).to.deep.equal([-1, -1, -1]);
    });

    it('places each close button on its own tab', async () => {
      const element = await tabBar();
      const tabBoxes = tabElements(element).map((tab) => tab.getBoundingClientRect());
      closers(element).forEach((button, index) => {
        const box = button.getBoundingClientRect();
        const tab = tabBoxes[index]!;
        expect(box.left >= tab.left && box.right <= tab.right + 0.5, `close button ${index}`).to.equal(true);
      });
    });

    it('marks a new tab busy until isNew is false', async () => {
      const element = await tabBar();
      const busy = () => tabElements(element).map((tab) => tab.getAttribute('aria-busy'));
      expect(busy()).to.deep.equal(['false', 'false', 'true']);
      const newTab = tabElements(element)[2]!;
      expect(newTab.part.contains('tab-new')).to.equal(true);
      expect(newTab.querySelector('[part="tab-busy"]')?.outerHTML ?? null).to.not.equal(null);
      const note = root(element).getElementById(newTab.getAttribute('aria-describedby')!);
      expect(note?.textContent?.trim()).to.equal('Opening…');
      element.tabs = tabs.map((tab) => ({ ...tab, isNew: false }));
      await element.updateComplete;
      expect(busy()).to.deep.equal(['false', 'false', 'false']);
      expect(root(element).querySelector('[part~="tab-busy"]')?.outerHTML ?? null).to.equal(null);
    });
  });

  describe('events', () => {
    it('fires erp-menu-tab-select with the id on a click, and changes nothing itself', async () => {
      const element = await tabBar();
      setTimeout(() => tabElements(element)[0]!.click());
      const event = await oneEvent(element, 'erp-menu-tab-select');
      expect(event.detail).to.deep.equal({ id: 'GL0111' });
      expect(event.bubbles && event.composed).to.equal(true);
      await element.updateComplete;
      expect(element.activeId).to.equal('GL0104');
    });

    it('fires erp-menu-tab-close with the id from a close button, and keeps the tab until the owner removes it', async () => {
      const element = await tabBar();
      setTimeout(() => closers(element)[2]!.click());
      const event = await oneEvent(element, 'erp-menu-tab-close');
      expect(event.detail).to.deep.equal({ id: 'GL0107' });
      expect(event.bubbles && event.composed).to.equal(true);
      expect(tabElements(element)).to.have.length(3);
    });
  });

  describe('keyboard', () => {
    it('is one Tab stop, on the selected tab (the first when none is)', async () => {
      const element = await tabBar();
      expect(tabElements(element).map((tab) => tab.tabIndex)).to.deep.equal([-1, 0, -1]);
      element.activeId = null;
      await element.updateComplete;
      expect(tabElements(element).map((tab) => tab.tabIndex)).to.deep.equal([0, -1, -1]);
    });

    it('moves with ArrowLeft / ArrowRight (wrapping), Home and End', async () => {
      const element = await tabBar();
      tabElements(element)[1]!.focus();
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedText(element)).to.equal('Trial Balance');
      expect(tabElements(element).map((tab) => tab.tabIndex)).to.deep.equal([-1, -1, 0]);
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedText(element), 'wraps to the first').to.equal('GL Chart of Accounts');
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedText(element), 'wraps to the last').to.equal('Trial Balance');
      await sendKeys({ press: 'Home' });
      expect(focusedText(element)).to.equal('GL Chart of Accounts');
      await sendKeys({ press: 'End' });
      expect(focusedText(element)).to.equal('Trial Balance');
    });

    it('selects with Enter and Space', async () => {
      const element = await tabBar();
      tabElements(element)[2]!.focus();
      setTimeout(() => void sendKeys({ press: 'Enter' }));
      expect((await oneEvent(element, 'erp-menu-tab-select')).detail).to.deep.equal({ id: 'GL0107' });
      tabElements(element)[0]!.focus();
      setTimeout(() => void sendKeys({ press: 'Space' }));
      expect((await oneEvent(element, 'erp-menu-tab-select')).detail).to.deep.equal({ id: 'GL0111' });
    });

    it('asks to close the focused tab with Delete (announced by aria-keyshortcuts)', async () => {
      const element = await tabBar();
      expect(tabElements(element).every((tab) => tab.getAttribute('aria-keyshortcuts') === 'Delete')).to.equal(true);
      tabElements(element)[0]!.focus();
      setTimeout(() => void sendKeys({ press: 'Delete' }));
      expect((await oneEvent(element, 'erp-menu-tab-close')).detail).to.deep.equal({ id: 'GL0111' });
    });

    it('after Delete, focus goes to the tab the owner selects once it removes the closed one', async () => {
      const element = await tabBar();
      element.addEventListener('erp-menu-tab-close', (event) => {
        element.tabs = element.tabs.filter((tab) => tab.id !== event.detail.id);
        element.activeId = 'GL0111';
      });
      tabElements(element)[1]!.focus();
      await sendKeys({ press: 'Delete' });
      await element.updateComplete;
      expect(texts(tabElements(element))).to.deep.equal(['GL Chart of Accounts', 'Trial Balance']);
      expect(focusedText(element)).to.equal('GL Chart of Accounts');
    });

    it('hands the Tab stop back to the selected tab when focus leaves', async () => {
      const element = await tabBar();
      const outside = document.createElement('button');
      outside.textContent = 'outside';
      element.after(outside);
      tabElements(element)[1]!.focus();
      await sendKeys({ press: 'End' });
      expect(tabElements(element).map((tab) => tab.tabIndex)).to.deep.equal([-1, -1, 0]);
      outside.focus();
      await element.updateComplete;
      expect(tabElements(element).map((tab) => tab.tabIndex)).to.deep.equal([-1, 0, -1]);
    });
  });

  describe('translation', () => {
    it('re-renders its names in the new language', async () => {
      await i18n.loadLanguages(['fr-CA', 'zh-TW']);
      const element = await tabBar();
      await i18n.changeLanguage('fr-CA');
      await element.updateComplete;
      expect(root(element).querySelector('[role="tablist"]')!.getAttribute('aria-label')).to.equal('Écrans ouverts');
      expect(closers(element)[0]!.getAttribute('aria-label')).to.equal('Fermer GL Chart of Accounts');
      expect(root(element).getElementById('busy-note')!.textContent?.trim()).to.equal('Ouverture…');
      await i18n.changeLanguage('zh-TW');
      await element.updateComplete;
      expect(closers(element)[1]!.getAttribute('aria-label')).to.equal('關閉Accounting Periods');
    });
  });

  describe('accessibility', () => {
    it('passes axe with a busy tab', async () => {
      const element = await tabBar();
      await expect(element).to.be.accessible();
    });

    it('passes axe with no tab selected', async () => {
      const element = await tabBar({ activeId: null });
      await expect(element).to.be.accessible();
    });
  });
});
