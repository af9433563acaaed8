import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { i18n, type Menu } from '@erp/shared';
import { useLocale } from '../testing/i18n.ts';
import { ErpMenuBar } from './menu-bar.ts';
import { menuBarTree, menuItemPath } from './menu-tree.ts';

let key = 0;
const item = (MenuId: string, ParentId: string, Sequence: number, MenuName: string, RouterPath = '', IsActive = true): Menu => ({
  MenuKey: (key += 1),
  Application: 'NOVUS-GL',
  MenuId,
  MenuName,
  ParentId,
  Sequence,
  IsActive,
  RouterPath,
});

/** A General Ledger menu, deliberately out of order, with inactive items, an orphan and an empty group. */
const reports = item('GL0003', 'ROOT', 30, 'Reports');
const transactions = item('GL0001', 'ROOT', 10, 'Transactions');
const setup = item('GL0006', 'ROOT', 20, 'Setup');
const enquiry = item('GL0106', 'ROOT', 50, 'Account Enquiry', '/account-enquiry');
const periods = item('GL0104', 'GL0006', 20, 'Accounting Periods', '/accounting-periods');
const chart = item('GL0111', 'GL0006', 10, 'GL Chart of Accounts', '/gl-chart');
const oldChart = item('GL0199', 'GL0006', 15, 'Old Chart', '/old-chart', false);
const currencies = item('GL0060', 'GL0006', 30, 'Currencies');
const exchange = item('GL0112', 'GL0060', 10, 'Foreign Exchange Rates', '/foreign-exchange');
const banks = item('GL0113', 'GL0060', 20, 'Bank Accounts', 'bank-account');
const journal = item('GL0101', 'GL0001', 10, 'GL Journal Entry', '/gl-journal-entry');
const reconciliation = item('GL0115', 'GL0001', 20, 'Bank Reconciliation', '/bank-reconciliation');
const trialBalance = item('GL0107', 'GL0003', 10, 'Trial Balance', '/trial-balance');
const yearEnd = item('GL0005', 'ROOT', 40, 'Year end', '', false);
const yearEndScreen = item('GL0105', 'GL0005', 10, 'GL Year End', '/gl-year-end');
const orphan = item('GL0900', 'MISSING', 10, 'Orphan', '/orphan');
const emptyGroup = item('GL0070', 'ROOT', 60, 'Empty group');
const emptyGroupChild = item('GL0071', 'GL0070', 10, 'Hidden child', '/hidden', false);

const menus: Menu[] = [
  reports,
  trialBalance,
  setup,
  periods,
  oldChart,
  currencies,
  banks,
  exchange,
  chart,
  transactions,
  reconciliation,
  journal,
  enquiry,
  yearEnd,
  yearEndScreen,
  orphan,
  emptyGroup,
  emptyGroupChild,
];

async function menuBar(properties: Partial<ErpMenuBar> = {}): Promise<ErpMenuBar> {
  const element = await fixture<ErpMenuBar>(html`
    <div>
      <button id="before">before</button>
      <erp-menu-bar .menus=${menus} application-path="/novus-gl"></erp-menu-bar>
      <button id="after">after</button>
    </div>
  `).then((wrapper) => wrapper.querySelector('erp-menu-bar')!);
  Object.assign(element, properties);
  await element.updateComplete;
  return element;
}

const root = (element: ErpMenuBar) => element.shadowRoot!;
const topItems = (element: ErpMenuBar) =>
  [...root(element).querySelectorAll<HTMLElement>('[role="menubar"] > sl-dropdown > [role="menuitem"], [role="menubar"] > [role="menuitem"]')];
const names = (items: Element[]) => items.map((node) => node.querySelector('.label')?.textContent?.trim() ?? '');
const byId = (element: ErpMenuBar, id: string) => root(element).querySelector<HTMLElement>(`[data-id="${id}"]`);
/** The submenus the user sees (Shoelace's `<sl-menu>` panels that are shown). */
const submenus = (element: ErpMenuBar) =>
  [...root(element).querySelectorAll<HTMLElement>('[role="menu"], sl-menu')].filter((menu) => menu.getClientRects().length > 0);
const itemsOf = (menu: Element | undefined) => (menu ? [...menu.querySelectorAll<HTMLElement>(':scope > sl-menu-item')] : []);
/** Never compare DOM nodes in assertions (see README): compare what the user perceives instead. */
const focusedName = (element: ErpMenuBar) =>
  (root(element).activeElement as HTMLElement | null)?.querySelector('.label')?.textContent?.trim() ?? null;
/** Shoelace loads on first use and animates: wait for what the user would see. */
const shown = (element: ErpMenuBar, count: number) =>
  waitUntil(() => submenus(element).length === count, `${count} submenu(s) shown`, { timeout: 4000 });
/**
 * Clicks a group of an open submenu once it can take the click: Shoelace defines and upgrades its menu items on
 * first use, and a click that reaches an item before its submenu controller has connected is lost.
 */
const openGroup = async (element: ErpMenuBar, id: string) => {
  await customElements.whenDefined('sl-menu-item');
  const item = byId(element, id)! as HTMLElement & { updateComplete?: Promise<unknown> };
  await item.updateComplete;
  item.click();
};
/**
 * Waits until the open submenus stop moving: Shoelace positions a submenu after it is shown (floating-ui, a
 * frame or more later) and fades it in. axe measures the page as it is at that moment, and a menu still
 * settling over another reads as text of too little contrast.
 */
const settled = async (element: ErpMenuBar) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const boxes = () => JSON.stringify(submenus(element).map((menu) => menu.getBoundingClientRect()));
  let before = '';
  await waitUntil(async () => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
    await frame();
    await frame();
    const now = boxes();
    const still = now === before;
    before = now;
    return still;
  }, 'the submenus stop moving', { timeout: 4000 });
};
const focusOn = (element: ErpMenuBar, name: string) =>
  waitUntil(() => focusedName(element) === name, `focus on ${name} (is ${focusedName(element)})`, { timeout: 4000 });

describe('erp-menu-bar', () => {
  before(async () => {
    await useLocale('en-CA');
  });

  afterEach(async () => {
    if (i18n.language !== 'en-CA') await i18n.changeLanguage('en-CA');
  });

  it('is registered once as erp-menu-bar', () => {
    expect(customElements.get('erp-menu-bar') === ErpMenuBar).to.equal(true);
  });

  describe('the tree', () => {
    it('nests by ParentId under ROOT, orders by Sequence, hides inactive subtrees, orphans and empty groups', () => {
      const tree = menuBarTree(menus, '/novus-gl');
      const shape = (nodes: ReturnType<typeof menuBarTree>): unknown[] =>
        nodes.map((node) => (node.children.length ? { [node.menu.MenuName]: shape(node.children) } : node.menu.MenuName));
      expect(shape(tree)).to.deep.equal([
        { Transactions: ['GL Journal Entry', 'Bank Reconciliation'] },
        { Setup: ['GL Chart of Accounts', 'Accounting Periods', { Currencies: ['Foreign Exchange Rates', 'Bank Accounts'] }] },
        { Reports: ['Trial Balance'] },
        'Account Enquiry',
      ]);
    });

    it('gives every leaf the application path plus its RouterPath, and groups no path', () => {
      const tree = menuBarTree(menus, '/novus-gl');
      expect(tree[3]!.path).to.equal('/novus-gl/account-enquiry');
      expect(tree[0]!.path).to.equal(null);
      expect(tree[1]!.children[2]!.children[1]!.path, 'a RouterPath without its slash').to.equal('/novus-gl/bank-account');
      expect(menuItemPath('/novus-gl/', '/gl-chart')).to.equal('/novus-gl/gl-chart');
      expect(menuItemPath('novus-gl', 'gl-chart')).to.equal('/novus-gl/gl-chart');
    });

    it('survives a ParentId cycle', () => {
      const a = item('A', 'B', 10, 'A');
      const b = item('B', 'A', 10, 'B');
      const leaf = item('C', 'ROOT', 10, 'C', '/c');
      expect(menuBarTree([a, b, leaf], '/x').map((node) => node.menu.MenuId)).to.deep.equal(['C']);
    });
  });

  describe('rendering', () => {
    it('is a named menubar of the visible top items in Sequence order; groups announce a submenu', async () => {
      const element = await menuBar();
      const menubar = root(element).querySelector('[role="menubar"]')!;
      expect(menubar.getAttribute('aria-label')).to.equal('Application menu');
      const tops = topItems(element);
      expect(names(tops)).to.deep.equal(['Transactions', 'Setup', 'Reports', 'Account Enquiry']);
      // Shoelace's dropdown writes `true` (a menu, for a menuitem) once defined; before that the bar says `menu`.
      const popup = (value: string | null) => (value === 'menu' || value === 'true' ? 'menu' : value);
      expect(tops.map((top) => popup(top.getAttribute('aria-haspopup')))).to.deep.equal(['menu', 'menu', 'menu', null]);
      expect(tops.map((top) => top.getAttribute('aria-expanded'))).to.deep.equal(['false', 'false', 'false', null]);
      expect(submenus(element)).to.have.length(0);
    });

    it('renders nothing and takes no space without menus, or with only inactive ones', async () => {
      const empty = await menuBar({ menus: [] });
      expect(root(empty).querySelector('[role="menubar"]')?.outerHTML ?? null).to.equal(null);
      expect(empty.getBoundingClientRect().height).to.equal(0);
      const inactive = await menuBar({ menus: [yearEnd, yearEndScreen, emptyGroup, emptyGroupChild] });
      expect(root(inactive).querySelector('[role="menubar"]')?.outerHTML ?? null).to.equal(null);
      expect(inactive.getBoundingClientRect().height).to.equal(0);
      const shown = await menuBar();
      expect(shown.getBoundingClientRect().height).to.be.greaterThan(20);
    });

    it('is one Tab stop: the first top item, or the one holding the active item', async () => {
      const element = await menuBar();
      expect(topItems(element).map((top) => top.tabIndex)).to.deep.equal([0, -1, -1, -1]);
      element.activeMenuId = 'GL0113';
      await element.updateComplete;
      expect(topItems(element).map((top) => top.tabIndex)).to.deep.equal([-1, 0, -1, -1]);
    });

    it('marks the active item aria-current="page" and the groups holding it', async () => {
      const element = await menuBar({ activeMenuId: 'GL0113' });
      const setupItem = byId(element, 'GL0006')!;
      expect(setupItem.getAttribute('aria-current')).to.equal('true');
      expect(setupItem.part.contains('current-branch')).to.equal(true);
      expect(byId(element, 'GL0001')!.hasAttribute('aria-current')).to.equal(false);
      setupItem.click();
      await shown(element, 1);
      await openGroup(element, 'GL0060');
      await shown(element, 2);
      const banksItem = byId(element, 'GL0113')!;
      expect(banksItem.getAttribute('aria-current')).to.equal('page');
      expect(banksItem.part.contains('current')).to.equal(true);
      expect(byId(element, 'GL0112')!.hasAttribute('aria-current')).to.equal(false);
      const top = await menuBar({ activeMenuId: 'GL0106' });
      expect(byId(top, 'GL0106')!.getAttribute('aria-current')).to.equal('page');
    });
  });

  describe('keyboard', () => {
    it('moves along the bar with ArrowRight / ArrowLeft (wrapping), Home and End', async () => {
      const element = await menuBar();
      topItems(element)[0]!.focus();
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedName(element)).to.equal('Setup');
      expect(topItems(element).map((top) => top.tabIndex)).to.deep.equal([-1, 0, -1, -1]);
      await sendKeys({ press: 'ArrowLeft' });
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedName(element), 'wraps to the last').to.equal('Account Enquiry');
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedName(element), 'wraps to the first').to.equal('Transactions');
      await sendKeys({ press: 'End' });
      expect(focusedName(element)).to.equal('Account Enquiry');
      await sendKeys({ press: 'Home' });
      expect(focusedName(element)).to.equal('Transactions');
    });

    it('opens a submenu with ArrowDown on its first item; Up / Down move in it; Escape closes and returns focus', async () => {
      const element = await menuBar();
      byId(element, 'GL0006')!.focus();
      await sendKeys({ press: 'ArrowDown' });
      await shown(element, 1);
      await focusOn(element, 'GL Chart of Accounts');
      expect(byId(element, 'GL0006')!.getAttribute('aria-expanded')).to.equal('true');
      const menu = submenus(element)[0]!;
      expect(menu.localName, 'a Shoelace menu').to.equal('sl-menu');
      expect(menu.getAttribute('role')).to.equal('menu');
      expect(menu.getAttribute('aria-label')).to.equal('Setup');
      expect(names(itemsOf(menu))).to.deep.equal(['GL Chart of Accounts', 'Accounting Periods', 'Currencies']);
      expect(itemsOf(menu).map((entry) => entry.getAttribute('role'))).to.deep.equal(['menuitem', 'menuitem', 'menuitem']);
      await sendKeys({ press: 'ArrowDown' });
      expect(focusedName(element)).to.equal('Accounting Periods');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      expect(focusedName(element), 'wraps to the first').to.equal('GL Chart of Accounts');
      await sendKeys({ press: 'ArrowUp' });
      expect(focusedName(element), 'wraps to the last').to.equal('Currencies');
      await sendKeys({ press: 'Home' });
      expect(focusedName(element)).to.equal('GL Chart of Accounts');
      await sendKeys({ press: 'End' });
      expect(focusedName(element)).to.equal('Currencies');
      await sendKeys({ press: 'Escape' });
      await shown(element, 0);
      expect(byId(element, 'GL0006')!.getAttribute('aria-expanded')).to.equal('false');
      expect(focusedName(element)).to.equal('Setup');
    });

    it('opens with ArrowUp on the last item, and with Enter or Space on the first', async () => {
      const element = await menuBar();
      byId(element, 'GL0001')!.focus();
      await sendKeys({ press: 'ArrowUp' });
      await focusOn(element, 'Bank Reconciliation');
      await sendKeys({ press: 'Escape' });
      await shown(element, 0);
      await focusOn(element, 'Transactions');
      await sendKeys({ press: 'Enter' });
      await focusOn(element, 'GL Journal Entry');
      await sendKeys({ press: 'Escape' });
      await shown(element, 0);
      await focusOn(element, 'Transactions');
      await sendKeys({ press: 'Space' });
      await focusOn(element, 'GL Journal Entry');
      expect(submenus(element)).to.have.length(1);
    });

    it('chooses a leaf with Enter: erp-menu-select with the menu and the full path, menus close, focus on the bar', async () => {
      const element = await menuBar();
      byId(element, 'GL0006')!.focus();
      await sendKeys({ press: 'ArrowDown' });
      await focusOn(element, 'GL Chart of Accounts');
      setTimeout(() => void sendKeys({ press: 'Enter' }));
      const event = await oneEvent(element, 'erp-menu-select');
      expect(event.detail.path).to.equal('/novus-gl/gl-chart');
      expect(event.detail.menu === chart, 'the menu object as given').to.equal(true);
      expect(event.bubbles && event.composed).to.equal(true);
      await shown(element, 0);
      await focusOn(element, 'Setup');
    });

    it('chooses a top-level leaf with Enter and Space', async () => {
      const element = await menuBar();
      byId(element, 'GL0106')!.focus();
      setTimeout(() => void sendKeys({ press: 'Enter' }));
      expect((await oneEvent(element, 'erp-menu-select')).detail.path).to.equal('/novus-gl/account-enquiry');
      setTimeout(() => void sendKeys({ press: 'Space' }));
      expect((await oneEvent(element, 'erp-menu-select')).detail.menu.MenuId).to.equal('GL0106');
    });

    it('opens a nested group with ArrowRight; ArrowLeft and Escape close it back to its group', async () => {
      const element = await menuBar();
      byId(element, 'GL0006')!.focus();
      await sendKeys({ press: 'ArrowUp' });
      await focusOn(element, 'Currencies');
      expect(byId(element, 'GL0060')!.getAttribute('aria-haspopup')).to.equal('menu');
      await sendKeys({ press: 'ArrowRight' });
      await shown(element, 2);
      await focusOn(element, 'Foreign Exchange Rates');
      await waitUntil(() => byId(element, 'GL0060')!.getAttribute('aria-expanded') === 'true', 'the group says it is expanded');
      await sendKeys({ press: 'ArrowLeft' });
      await shown(element, 1);
      await focusOn(element, 'Currencies');
      await waitUntil(() => byId(element, 'GL0060')!.getAttribute('aria-expanded') === 'false', 'the group says it is collapsed');
      await sendKeys({ press: 'Enter' });
      await shown(element, 2);
      await focusOn(element, 'Foreign Exchange Rates');
      await sendKeys({ press: 'ArrowDown' });
      expect(focusedName(element)).to.equal('Bank Accounts');
      await sendKeys({ press: 'Escape' });
      await shown(element, 1);
      await focusOn(element, 'Currencies');
      await sendKeys({ press: 'ArrowRight' });
      await focusOn(element, 'Foreign Exchange Rates');
      await sendKeys({ press: 'End' });
      await focusOn(element, 'Bank Accounts');
      setTimeout(() => void sendKeys({ press: 'Enter' }));
      expect((await oneEvent(element, 'erp-menu-select')).detail.path).to.equal('/novus-gl/bank-account');
      await shown(element, 0);
    });

    it('moves to the next / previous bar item from a submenu with ArrowRight on a leaf / ArrowLeft, opening it', async () => {
      const element = await menuBar();
      byId(element, 'GL0001')!.focus();
      await sendKeys({ press: 'ArrowDown' });
      await focusOn(element, 'GL Journal Entry');
      await sendKeys({ press: 'ArrowRight' });
      await focusOn(element, 'GL Chart of Accounts');
      await shown(element, 1);
      expect(byId(element, 'GL0006')!.getAttribute('aria-expanded')).to.equal('true');
      expect(byId(element, 'GL0001')!.getAttribute('aria-expanded')).to.equal('false');
      await sendKeys({ press: 'ArrowLeft' });
      await focusOn(element, 'GL Journal Entry');
      await shown(element, 1);
      expect(byId(element, 'GL0001')!.getAttribute('aria-expanded')).to.equal('true');
      await sendKeys({ press: 'ArrowLeft' });
      await focusOn(element, 'Account Enquiry');
      await shown(element, 0);
    });

    it('Tab from a submenu closes every menu and moves on past the menubar', async () => {
      const element = await menuBar();
      byId(element, 'GL0006')!.focus();
      await sendKeys({ press: 'ArrowDown' });
      await focusOn(element, 'GL Chart of Accounts');
      await sendKeys({ press: 'Tab' });
      await shown(element, 0);
      expect(document.activeElement?.id).to.equal('after');
      expect(topItems(element).map((top) => top.tabIndex)).to.deep.equal([-1, 0, -1, -1]);
    });

    it('moves to the next item starting with a typed character, on the bar and in a submenu', async () => {
      const element = await menuBar();
      topItems(element)[0]!.focus();
      await sendKeys({ press: 'r' });
      expect(focusedName(element)).to.equal('Reports');
      await sendKeys({ press: 'a' });
      expect(focusedName(element)).to.equal('Account Enquiry');
      byId(element, 'GL0006')!.focus();
      await sendKeys({ press: 'ArrowDown' });
      await focusOn(element, 'GL Chart of Accounts');
      await sendKeys({ press: 'c' });
      expect(focusedName(element)).to.equal('Currencies');
      await sendKeys({ press: 'ArrowUp' });
      expect(focusedName(element), 'Shoelace moves on from the typed-to item').to.equal('Accounting Periods');
    });
  });

  describe('pointer', () => {
    it('toggles a submenu by clicking its group and fires erp-menu-select for a clicked leaf', async () => {
      const element = await menuBar();
      byId(element, 'GL0003')!.click();
      await shown(element, 1);
      expect(names(itemsOf(submenus(element)[0]))).to.deep.equal(['Trial Balance']);
      byId(element, 'GL0003')!.click();
      await shown(element, 0);
      byId(element, 'GL0003')!.click();
      await shown(element, 1);
      setTimeout(() => byId(element, 'GL0107')!.click());
      const event = await oneEvent(element, 'erp-menu-select');
      expect(event.detail).to.deep.equal({ menu: trialBalance, path: '/novus-gl/trial-balance' });
      await shown(element, 0);
    });

    it('while a submenu is open, pointing at another group opens that one instead', async () => {
      const element = await menuBar();
      byId(element, 'GL0001')!.click();
      await shown(element, 1);
      const setup = byId(element, 'GL0006')!.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(setup.x + setup.width / 2), Math.round(setup.y + setup.height / 2)] });
      await waitUntil(() => byId(element, 'GL0006')!.getAttribute('aria-expanded') === 'true', 'Setup opened by pointing at it');
      await shown(element, 1);
      expect(names(itemsOf(submenus(element)[0]))).to.deep.equal(['GL Chart of Accounts', 'Accounting Periods', 'Currencies']);
      expect(byId(element, 'GL0001')!.getAttribute('aria-expanded')).to.equal('false');
      await sendMouse({ type: 'move', position: [0, window.innerHeight - 1] });
    });

    it('opens a nested group on a press and on hover, and chooses its leaf', async () => {
      const element = await menuBar();
      byId(element, 'GL0006')!.click();
      await shown(element, 1);
      await openGroup(element, 'GL0060');
      await shown(element, 2);
      expect(names(itemsOf(submenus(element)[1]))).to.deep.equal(['Foreign Exchange Rates', 'Bank Accounts']);
      setTimeout(() => byId(element, 'GL0112')!.click());
      expect((await oneEvent(element, 'erp-menu-select')).detail.path).to.equal('/novus-gl/foreign-exchange');
      await shown(element, 0);
    });

    it('closes on a press outside', async () => {
      const element = await menuBar();
      byId(element, 'GL0003')!.click();
      await shown(element, 1);
      await sendMouse({ type: 'click', position: [5, window.innerHeight - 5] });
      await shown(element, 0);
      expect(byId(element, 'GL0003')!.getAttribute('aria-expanded')).to.equal('false');
    });

    it('closes an open submenu when the owner sends another application\'s menus', async () => {
      const element = await menuBar();
      byId(element, 'GL0003')!.click();
      await shown(element, 1);
      element.menus = [item('AP0001', 'ROOT', 10, 'Payables'), item('AP0101', 'AP0001', 10, 'Vendor invoice', '/vendor-invoice')];
      await shown(element, 0);
      expect(names(topItems(element))).to.deep.equal(['Payables']);
      byId(element, 'AP0001')!.click();
      await shown(element, 1);
      expect(names(itemsOf(submenus(element)[0]))).to.deep.equal(['Vendor invoice']);
    });

    it('never changes its own properties', async () => {
      const element = await menuBar({ activeMenuId: 'GL0101' });
      byId(element, 'GL0006')!.click();
      await shown(element, 1);
      byId(element, 'GL0111')!.click();
      await shown(element, 0);
      expect(element.activeMenuId).to.equal('GL0101');
      expect(element.menus).to.have.length(menus.length);
    });
  });

  describe('translation', () => {
    it('re-renders its accessible name when the language changes', async () => {
      await i18n.loadLanguages(['fr-CA', 'zh-CN']);
      const element = await menuBar();
      const menubar = () => root(element).querySelector('[role="menubar"]')!;
      await i18n.changeLanguage('fr-CA');
      await element.updateComplete;
      expect(menubar().getAttribute('aria-label')).to.equal('Menu de l’application');
      await i18n.changeLanguage('zh-CN');
      await element.updateComplete;
      expect(menubar().getAttribute('aria-label')).to.equal('应用程序菜单');
    });
  });

  describe('screens not in this release (issue 16 item 4)', () => {
    it('marks an unavailable item in words and describes it so; its name stays the screen name', async () => {
      const unavailable = { ...trialBalance, Available: false };
      const element = await menuBar({ menus: menus.map((menu) => (menu === trialBalance ? unavailable : menu)) });
      byId(element, 'GL0003')!.click();
      await shown(element, 1);
      const entry = byId(element, 'GL0107')!;
      expect(entry.querySelector('.release-mark')?.textContent?.trim()).to.equal('Not in this release');
      expect(entry.querySelector('.release-mark')?.getAttribute('aria-hidden')).to.equal('true');
      expect(entry.getAttribute('aria-description')).to.equal('Not in this release');
      expect(entry.querySelector('.label')?.textContent?.trim()).to.equal('Trial Balance');
      // An available item is not marked.
      byId(element, 'GL0006')!.click();
      await waitUntil(() => byId(element, 'GL0111') !== null, 'the Setup submenu');
      expect(byId(element, 'GL0111')!.hasAttribute('aria-description')).to.equal(false);
      expect(byId(element, 'GL0111')!.querySelector('.release-mark')).to.equal(null);
    });
  });

  describe('accessibility', () => {
    it('passes axe closed', async () => {
      const element = await menuBar({ activeMenuId: 'GL0111' });
      await expect(element).to.be.accessible();
    });

    it('passes axe with a nested submenu open', async () => {
      const element = await menuBar({ activeMenuId: 'GL0113' });
      byId(element, 'GL0006')!.click();
      await shown(element, 1);
      await openGroup(element, 'GL0060');
      await shown(element, 2);
      await settled(element);
      await expect(element).to.be.accessible();
    });
  });
});
