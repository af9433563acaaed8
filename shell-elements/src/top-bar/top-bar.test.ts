import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { i18n, type Application, type Language, type TenantInfo } from '@erp/shared';
import { useLocale } from '../testing/i18n.ts';
import { ErpTopBar, type TopBarTab } from './top-bar.ts';

const applications: Application[] = [
  { Application: 'NOVUS-GL', Description: 'General Ledger', RouterPath: '/novus-gl' },
  { Application: 'NOVUS-AR', Description: 'Accounts Receivable', RouterPath: '/novus-ar' },
  { Application: 'NOVUS-IC', Description: 'Inventory Control', RouterPath: '/novus-ic' },
];
const tabs: TopBarTab[] = [
  { application: 'NOVUS-GL', label: 'General Ledger' },
  { application: 'NOVUS-IC', label: 'Inventory Control' },
];
const language = (LocaleIdentifier: string, Name: string, LanguageKey: number): Language => ({
  LanguageKey,
  Name,
  LanguageCode: LocaleIdentifier.slice(0, 2),
  CountryCode: LocaleIdentifier.slice(3),
  ImageUrl: '',
  LocaleIdentifier,
});
const english = language('en-CA', 'English', 1);
const french = language('fr-CA', 'Français', 2);
const tenant: TenantInfo = { server: 'SQLPROD01', database: 'ERP_MAIN', releaseNumber: '24.3.1' };

/** A signed-in top bar with two open applications, General Ledger active. */
async function topBar(properties: Partial<ErpTopBar> = {}): Promise<ErpTopBar> {
  const element = await fixture<ErpTopBar>(html`
    <erp-top-bar
      .applications=${applications}
      .tabs=${tabs}
      .languages=${[english, french]}
      language="en-CA"
      active-application="NOVUS-GL"
      user-name="Ada Lovelace"
      signed-in
    ></erp-top-bar>
  `);
  Object.assign(element, properties);
  await element.updateComplete;
  return element;
}

const root = (element: ErpTopBar): ShadowRoot => element.shadowRoot!;
const one = <T extends Element = HTMLElement>(element: ErpTopBar, selector: string): T | null =>
  root(element).querySelector<T>(selector);
const all = <T extends Element = HTMLElement>(element: ErpTopBar, selector: string): T[] => [
  ...root(element).querySelectorAll<T>(selector),
];
const tabElements = (element: ErpTopBar) => all<HTMLButtonElement>(element, '[role="tab"]');
const tabTexts = (element: ErpTopBar) => tabElements(element).map((tab) => tab.textContent?.trim());
const focused = (element: ErpTopBar) => root(element).activeElement as HTMLElement | null;
/**
 * Assertions compare text, never DOM nodes: web-test-runner hangs until its 120 s timeout when it has to
 * serialise a failed assertion whose actual or expected value is an element.
 */
const label = (node: Element | null | undefined): string | null =>
  node ? (node.getAttribute('aria-label') ?? node.textContent?.replace(/\s+/g, ' ').trim() ?? '') : null;
const focusedLabel = (element: ErpTopBar) => label(focused(element));
const markup = (node: Element | null | undefined): string | null => node?.outerHTML ?? null;
const applicationsButton = (element: ErpTopBar) => one<HTMLButtonElement>(element, '[part="applications-button"]')!;
const userButton = (element: ErpTopBar) => one<HTMLButtonElement>(element, '[part="user-button"]')!;
/** The `<sl-dropdown>` a menu button triggers (issue 16: the menus are Shoelace's). */
const popupOf = (button: HTMLElement) => button.closest('sl-dropdown') as (HTMLElement & { open?: boolean }) | null;
const isShown = (dropdown: (HTMLElement & { open?: boolean }) | null) => dropdown?.open === true;
/**
 * Opens a menu with a press and waits until its first item holds focus: the dropdown's Shoelace code loads
 * on first use, and the item is focused once the panel shows.
 */
async function openMenu(element: ErpTopBar, button: HTMLElement): Promise<void> {
  button.click();
  // The first open loads Shoelace's modules (slow in the test server): a generous wait, no sleep.
  await waitUntil(() => isShown(popupOf(button)), 'the menu opens', { timeout: 10_000 });
  await waitUntil(() => focused(element)?.getAttribute('role')?.startsWith('menuitem') === true, 'the first item is focused');
}
const menuItems = (element: ErpTopBar, menu: 'applications' | 'user') =>
  all<HTMLButtonElement>(element, `.${menu} [role="menuitem"]`);
const languageButton = (element: ErpTopBar) => one<HTMLButtonElement>(element, '[part="language"]');
/** The language menu's items (checkable: the current language is checked). */
const languageItems = (element: ErpTopBar) =>
  all<HTMLElement & { checked: boolean }>(element, '.language [role="menuitemcheckbox"]');
const checkedLanguages = (element: ErpTopBar) =>
  languageItems(element)
    .filter((item) => item.checked && item.getAttribute('aria-checked') === 'true')
    .map((item) => item.getAttribute('lang'));

/** The accessible name given by aria-labelledby (ids in the same shadow root) or aria-label. */
function accessibleName(element: Element): string {
  const ids = element.getAttribute('aria-labelledby');
  if (ids) {
    const scope = element.getRootNode() as ShadowRoot;
    return ids
      .split(/\s+/)
      .map((id) => scope.getElementById(id)?.textContent?.trim() ?? '')
      .join(' ');
  }
  return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
}

describe('erp-top-bar', () => {
  before(async () => {
    await useLocale('en-CA');
  });

  afterEach(async () => {
    if (i18n.language !== 'en-CA') await i18n.changeLanguage('en-CA');
  });

  it('is registered once as erp-top-bar', () => {
    expect(customElements.get('erp-top-bar') === ErpTopBar).to.equal(true);
  });

  describe('application tabs', () => {
    it('always renders HOME first, without a close button, even with no open tabs or signed out', async () => {
      const element = await topBar({ tabs: [], signedIn: false, activeApplication: 'HOME' });
      expect(tabTexts(element)).to.deep.equal(['HOME']);
      expect(all(element, '[part="tab-close"]')).to.have.length(0);
      expect(tabElements(element)[0]!.getAttribute('aria-selected')).to.equal('true');
    });

    it('renders HOME then the open tabs in the given order, and never a second HOME', async () => {
      const element = await topBar({
        tabs: [{ application: 'HOME', label: 'Home again' }, ...tabs, { application: 'NOVUS-AR', label: 'Receivables' }],
      });
      expect(tabTexts(element)).to.deep.equal(['HOME', 'General Ledger', 'Inventory Control', 'Receivables']);
      expect(one(element, '[role="tablist"]')!.getAttribute('aria-label')).to.equal('Open applications');
    });

    it('marks only the active application selected', async () => {
      const element = await topBar({ activeApplication: 'NOVUS-IC' });
      const selected = tabElements(element).map((tab) => tab.getAttribute('aria-selected'));
      expect(selected).to.deep.equal(['false', 'false', 'true']);
      expect(tabElements(element)[2]!.part.contains('tab-active')).to.equal(true);
    });

    it('gives every application tab but HOME a named close button that fires erp-tab-close', async () => {
      const element = await topBar();
      const closers = all<HTMLButtonElement>(element, '[part="tab-close"]');
      expect(closers.map((button) => button.getAttribute('aria-label'))).to.deep.equal([
        'Close General Ledger',
        'Close Inventory Control',
      ]);
      setTimeout(() => closers[1]!.click());
      const event = await oneEvent(element, 'erp-tab-close');
      expect(event.detail).to.deep.equal({ application: 'NOVUS-IC' });
      expect(event.bubbles && event.composed).to.equal(true);
      // A pure view: the owner removes the tab.
      expect(tabTexts(element)).to.have.length(3);
    });

    it('fires erp-tab-select for an application tab and erp-navigate "/" for HOME', async () => {
      const element = await topBar();
      setTimeout(() => tabElements(element)[2]!.click());
      expect((await oneEvent(element, 'erp-tab-select')).detail).to.deep.equal({ application: 'NOVUS-IC' });
      setTimeout(() => tabElements(element)[0]!.click());
      expect((await oneEvent(element, 'erp-navigate')).detail).to.deep.equal({ path: '/' });
    });

    it('is one Tab stop: only the active tab is tabbable', async () => {
      const element = await topBar();
      expect(tabElements(element).map((tab) => tab.tabIndex)).to.deep.equal([-1, 0, -1]);
    });

    it('moves focus between tabs with the arrow keys, Home and End (roving tabindex)', async () => {
      const element = await topBar();
      const [home, ledger, inventory] = tabElements(element);
      ledger!.focus();
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedLabel(element)).to.equal(label(inventory));
      expect(inventory!.tabIndex).to.equal(0);
      expect(ledger!.tabIndex).to.equal(-1);
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedLabel(element), 'wraps to the first tab').to.equal(label(home));
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedLabel(element), 'wraps to the last tab').to.equal(label(inventory));
      await sendKeys({ press: 'Home' });
      expect(focusedLabel(element)).to.equal(label(home));
      await sendKeys({ press: 'End' });
      expect(focusedLabel(element)).to.equal(label(inventory));
    });

    it('activates the focused tab with Enter and Space', async () => {
      const element = await topBar();
      const [home, , inventory] = tabElements(element);
      inventory!.focus();
      setTimeout(() => void sendKeys({ press: 'Enter' }));
      expect((await oneEvent(element, 'erp-tab-select')).detail).to.deep.equal({ application: 'NOVUS-IC' });
      home!.focus();
      setTimeout(() => void sendKeys({ press: 'Space' }));
      expect((await oneEvent(element, 'erp-navigate')).detail).to.deep.equal({ path: '/' });
    });

    it('closes a closable tab with Delete, and never HOME', async () => {
      const element = await topBar();
      const closed: string[] = [];
      element.addEventListener('erp-tab-close', (event) => closed.push(event.detail.application));
      tabElements(element)[0]!.focus();
      await sendKeys({ press: 'Delete' });
      expect(closed).to.deep.equal([]);
      tabElements(element)[1]!.focus();
      await sendKeys({ press: 'Delete' });
      expect(closed).to.deep.equal(['NOVUS-GL']);
    });

    it('after Delete, focus goes to the tab the owner activates once it removes the closed one', async () => {
      const element = await topBar();
      element.addEventListener('erp-tab-close', (event) => {
        element.tabs = element.tabs.filter((tab) => tab.application !== event.detail.application);
        element.activeApplication = 'NOVUS-GL';
      });
      tabElements(element)[2]!.focus();
      await sendKeys({ press: 'Delete' });
      await element.updateComplete;
      expect(tabTexts(element)).to.deep.equal(['HOME', 'General Ledger']);
      expect(focusedLabel(element)).to.equal('General Ledger');
    });

    it('after Delete on a middle tab, focus goes to the tab the owner activates, not to the next one', async () => {
      const element = await topBar({ tabs: [...tabs, { application: 'NOVUS-AR', label: 'Accounts Receivable' }] });
      element.addEventListener('erp-tab-close', (event) => {
        element.tabs = element.tabs.filter((tab) => tab.application !== event.detail.application);
        element.activeApplication = 'NOVUS-GL';
      });
      tabElements(element)[2]!.focus();
      await sendKeys({ press: 'Delete' });
      await element.updateComplete;
      expect(tabTexts(element)).to.deep.equal(['HOME', 'General Ledger', 'Accounts Receivable']);
      expect(focusedLabel(element)).to.equal('General Ledger');
    });

    it('hands the Tab stop back to the active tab when focus leaves the strip', async () => {
      const element = await topBar();
      const [home, ledger] = tabElements(element);
      home!.focus();
      await sendKeys({ press: 'End' });
      applicationsButton(element).focus();
      await element.updateComplete;
      expect(ledger!.tabIndex).to.equal(0);
    });
  });

  describe('Applications menu', () => {
    // First in this file's page: nothing has loaded Shoelace's dropdown yet (issue 16, boot budget §5).
    it('renders the closed menu button without Shoelace, and loads the menu on the first hover', async () => {
      expect(customElements.get('sl-dropdown') === undefined, 'no dropdown code before first use').to.equal(true);
      const element = await topBar();
      const button = applicationsButton(element);
      expect(button.getBoundingClientRect().width).to.be.greaterThan(0);
      expect(accessibleName(button)).to.equal('Applications');
      const menu = one(element, '.applications sl-menu')!;
      expect(getComputedStyle(menu).display, 'the undefined panel shows nothing').to.equal('none');
      button.dispatchEvent(new PointerEvent('pointerenter'));
      await waitUntil(() => customElements.get('sl-dropdown') !== undefined, 'hover loads the dropdown', { timeout: 10_000 });
    });

    it('has a button named Applications that opens a menu whose root item is Applications', async () => {
      const element = await topBar();
      const button = applicationsButton(element);
      expect(button.textContent?.trim()).to.equal('Applications');
      expect(button.getAttribute('aria-haspopup'), 'announced as a menu button').to.not.equal(null);
      expect(button.getAttribute('aria-expanded')).to.equal('false');
      expect(isShown(popupOf(button))).to.equal(false);

      await openMenu(element, button);
      expect(button.getAttribute('aria-expanded')).to.equal('true');
      expect(isShown(popupOf(button))).to.equal(true);
      const menu = one(element, '.applications [role="menu"]')!;
      expect(accessibleName(menu)).to.equal('Applications');
      const heading = one(element, '[part="menu-heading"]')!;
      expect(heading.textContent?.trim()).to.equal('Applications');
      expect(heading.getAttribute('role'), 'the root item is a label, not a choice').to.equal(null);
    });

    it('lists the applications with Description and Application name, and focuses the first', async () => {
      const element = await topBar();
      await openMenu(element, applicationsButton(element));
      const items = menuItems(element, 'applications');
      expect(items.map((item) => item.querySelector('.primary')!.textContent)).to.deep.equal([
        'General Ledger',
        'Accounts Receivable',
        'Inventory Control',
      ]);
      expect(items.map((item) => item.querySelector('.secondary')!.textContent)).to.deep.equal([
        'NOVUS-GL',
        'NOVUS-AR',
        'NOVUS-IC',
      ]);
      expect(focusedLabel(element)).to.equal(label(items[0]));
    });

    it('fires erp-navigate with the chosen application RouterPath and closes', async () => {
      const element = await topBar();
      await openMenu(element, applicationsButton(element));
      setTimeout(() => menuItems(element, 'applications')[1]!.click());
      const event = await oneEvent(element, 'erp-navigate');
      expect(event.detail).to.deep.equal({ path: '/novus-ar' });
      await waitUntil(() => !isShown(popupOf(applicationsButton(element))), 'the menu closes');
      await waitUntil(() => focusedLabel(element) === label(applicationsButton(element)), 'focus returns to the button');
    });

    it('opens with ArrowDown, moves with arrows, and Escape closes and returns focus', async () => {
      const element = await topBar();
      const button = applicationsButton(element);
      button.focus();
      await sendKeys({ press: 'ArrowDown' });
      await waitUntil(() => focused(element)?.getAttribute('role') === 'menuitem', 'the first item is focused');
      const items = menuItems(element, 'applications');
      expect(focusedLabel(element)).to.equal(label(items[0]));
      await sendKeys({ press: 'ArrowDown' });
      expect(focusedLabel(element)).to.equal(label(items[1]));
      await sendKeys({ press: 'ArrowUp' });
      await sendKeys({ press: 'ArrowUp' });
      expect(focusedLabel(element), 'wraps to the last item').to.equal(label(items[2]));
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !isShown(popupOf(button)), 'Escape closes');
      expect(button.getAttribute('aria-expanded')).to.equal('false');
      expect(focusedLabel(element)).to.equal(label(button));
    });

    it('opens with Enter, chooses with Enter', async () => {
      const element = await topBar();
      applicationsButton(element).focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(element)?.getAttribute('role') === 'menuitem', 'the first item is focused');
      expect(focusedLabel(element)).to.equal(label(menuItems(element, 'applications')[0]));
      await sendKeys({ press: 'End' });
      setTimeout(() => void sendKeys({ press: 'Enter' }));
      expect((await oneEvent(element, 'erp-navigate')).detail).to.deep.equal({ path: '/novus-ic' });
    });

    it('closes on a press outside', async () => {
      const element = await topBar();
      await openMenu(element, applicationsButton(element));
      // A real press outside: Shoelace closes on the document's mousedown.
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, composed: true }));
      await waitUntil(() => !isShown(popupOf(applicationsButton(element))), 'a press outside closes');
    });

    it('says so when there are no applications', async () => {
      const element = await topBar({ applications: [] });
      applicationsButton(element).click();
      await waitUntil(() => isShown(popupOf(applicationsButton(element))), 'the menu opens');
      expect(one(element, '.applications .empty')!.textContent?.trim()).to.equal('No applications available');
      expect(markup(one(element, '.applications [role="menu"]'))).to.equal(null);
    });
  });

  describe('user menu and sign-in', () => {
    it('shows the user name on a menu button with Change Password, About and Log out', async () => {
      const element = await topBar();
      const button = userButton(element);
      expect(button.textContent?.trim()).to.equal('Ada Lovelace');
      await openMenu(element, button);
      expect(menuItems(element, 'user').map((item) => item.textContent?.trim())).to.deep.equal([
        'Change Password',
        'About',
        'Log out',
      ]);
      expect(accessibleName(one(element, '.user [role="menu"]')!)).to.equal('User menu');
    });

    for (const [index, name] of [
      [0, 'erp-change-password'],
      [1, 'erp-about'],
      [2, 'erp-logout'],
    ] as const) {
      it(`fires ${name} from the user menu`, async () => {
        const element = await topBar();
        await openMenu(element, userButton(element));
        setTimeout(() => menuItems(element, 'user')[index]!.click());
        const event = await oneEvent(element, name);
        expect(event.composed).to.equal(true);
        await waitUntil(() => !isShown(popupOf(userButton(element))), 'the menu closes');
      });
    }

    it('opening one menu closes the other', async () => {
      const element = await topBar();
      await openMenu(element, userButton(element));
      await openMenu(element, applicationsButton(element));
      expect(isShown(popupOf(userButton(element)))).to.equal(false);
      expect(isShown(popupOf(applicationsButton(element)))).to.equal(true);
    });

    it('shows Log in instead of the user menu when signed out, firing erp-login', async () => {
      const element = await topBar({ signedIn: false });
      expect(markup(one(element, '[part="user-button"]'))).to.equal(null);
      expect(markup(one(element, '[part="applications-button"]'))).to.equal(null);
      const login = one<HTMLButtonElement>(element, '[part="login"]')!;
      expect(login.textContent?.trim()).to.equal('Log in');
      setTimeout(() => login.click());
      await oneEvent(element, 'erp-login');
    });

    it('has no Log in button when signed in', async () => {
      const element = await topBar();
      expect(markup(one(element, '[part="login"]'))).to.equal(null);
    });
  });

  describe('language menu', () => {
    it('is hidden when signed out', async () => {
      expect(markup(languageButton(await topBar({ signedIn: false })))).to.equal(null);
    });

    it('is hidden with only one language', async () => {
      expect(markup(languageButton(await topBar({ languages: [english] })))).to.equal(null);
    });

    it('is a menu button named Language showing the current language, its menu checking that language', async () => {
      const element = await topBar({ language: 'fr-CA' });
      const button = languageButton(element)!;
      expect(button.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Language Français');
      expect(button.querySelector('[lang="fr-CA"]')?.textContent?.trim()).to.equal('Français');
      expect(button.getAttribute('aria-haspopup')).to.equal('menu');
      await openMenu(element, button);
      expect(accessibleName(one(element, '.language [role="menu"]')!)).to.equal('Language');
      expect(languageItems(element).map((item) => item.textContent?.trim())).to.deep.equal(['English', 'Français']);
      expect(languageItems(element).map((item) => item.getAttribute('lang'))).to.deep.equal(['en-CA', 'fr-CA']);
      expect(checkedLanguages(element)).to.deep.equal(['fr-CA']);
      await expect(element).to.be.accessible();
    });

    it('fires erp-language-change with the chosen locale, closes, and moves the check once the language is set', async () => {
      const element = await topBar();
      await openMenu(element, languageButton(element)!);
      expect(checkedLanguages(element)).to.deep.equal(['en-CA']);
      setTimeout(() => languageItems(element)[1]!.click());
      expect((await oneEvent(element, 'erp-language-change')).detail).to.deep.equal({ locale: 'fr-CA' });
      await waitUntil(() => !isShown(popupOf(languageButton(element)!)), 'the menu closes');
      // Until the owner sets the new language, the current one stays the only one checked.
      expect(checkedLanguages(element)).to.deep.equal(['en-CA']);
      element.language = 'fr-CA';
      await element.updateComplete;
      expect(checkedLanguages(element)).to.deep.equal(['fr-CA']);
      expect(languageButton(element)!.textContent).to.include('Français');
    });

    it('choosing the current language changes nothing and keeps it checked', async () => {
      const element = await topBar();
      let fired = false;
      element.addEventListener('erp-language-change', () => (fired = true));
      await openMenu(element, languageButton(element)!);
      languageItems(element)[0]!.click();
      await waitUntil(() => !isShown(popupOf(languageButton(element)!)), 'the menu closes');
      expect(fired).to.equal(false);
      expect(checkedLanguages(element)).to.deep.equal(['en-CA']);
    });

    it('is used with the keyboard: ArrowDown opens on the first language, Enter chooses, Escape closes', async () => {
      const element = await topBar();
      const button = languageButton(element)!;
      button.focus();
      await sendKeys({ press: 'ArrowDown' });
      await waitUntil(() => focused(element)?.getAttribute('role') === 'menuitemcheckbox', 'the first language is focused');
      expect(focusedLabel(element)).to.equal('English');
      const hidden = oneEvent(popupOf(button)!, 'sl-after-hide');
      await sendKeys({ press: 'Escape' });
      await hidden;
      expect(isShown(popupOf(button)), 'Escape closes').to.equal(false);
      expect(focusedLabel(element)).to.equal(label(button));
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(element)?.getAttribute('role') === 'menuitemcheckbox', 'Enter opens on the first language');
      await sendKeys({ press: 'ArrowDown' });
      expect(focusedLabel(element)).to.equal('Français');
      setTimeout(() => void sendKeys({ press: 'Enter' }));
      expect((await oneEvent(element, 'erp-language-change')).detail).to.deep.equal({ locale: 'fr-CA' });
    });
  });

  describe('portal and environment', () => {
    it('shows a portal customer no application tabs, no Applications menu and no environment label', async () => {
      const element = await topBar({ portal: true, customer: true, environmentLabel: 'TEST', tenant });
      expect(one(element, '[role="tablist"]')).to.equal(null);
      expect(one(element, '[part="applications-button"]')).to.equal(null);
      expect(one(element, '[part="environment"]')).to.equal(null);
      expect(root(element).textContent).to.not.include('SQLPROD01');
      expect(one(element, '[part="switch-account"]')).to.not.equal(null);
      expect(one(element, '[part="user-button"]')).to.not.equal(null);
      await expect(element).to.be.accessible();
    });

    it('shows Switch Account only for portal users', async () => {
      const staff = await topBar();
      expect(markup(one(staff, '[part="switch-account"]'))).to.equal(null);
      const customer = await topBar({ portal: true });
      const link = one<HTMLButtonElement>(customer, '[part="switch-account"]')!;
      expect(link.textContent?.trim()).to.equal('Switch Account');
      setTimeout(() => link.click());
      await oneEvent(customer, 'erp-switch-account');
    });

    it('folds Switch Account and the languages into a customer\'s account menu on a phone (issue 69 item 1)', async () => {
      await setViewport({ width: 390, height: 844 });
      try {
        const element = await topBar({ portal: true, customer: true });
        expect(markup(one(element, '[part="switch-account"]'))).to.equal(null);
        expect(markup(languageButton(element))).to.equal(null);
        const button = userButton(element);
        expect(button.getBoundingClientRect().height).to.be.at.least(44);
        await openMenu(element, button);
        const items = all(element, '.user [role="menuitem"], .user [role="menuitemcheckbox"]').map((item) => item.textContent?.trim());
        expect(items).to.deep.equal(['Switch Account', 'English', 'Français', 'Change Password', 'About', 'Log out']);
        expect(all<HTMLElement & { checked: boolean }>(element, '.user [role="menuitemcheckbox"]').filter((item) => item.checked).map((item) => item.getAttribute('lang'))).to.deep.equal(['en-CA']);
        await expect(element).to.be.accessible();
        const french = all(element, '.user [role="menuitemcheckbox"]')[1]!;
        setTimeout(() => french.click());
        expect((await oneEvent(element, 'erp-language-change')).detail).to.deep.equal({ locale: 'fr-CA' });
        await waitUntil(() => !isShown(popupOf(button)), 'the menu closes');
        button.click();
        await waitUntil(() => isShown(popupOf(button)), 'the menu opens again');
        setTimeout(() => all(element, '.user [role="menuitem"]')[0]!.click());
        await oneEvent(element, 'erp-switch-account');
        // Staff keep their bar on a phone: only a customer's folds.
        const staff = await topBar({ portal: true });
        expect(one(staff, '[part="switch-account"]')).to.not.equal(null);
        expect(languageButton(staff)).to.not.equal(null);
      } finally {
        await setViewport({ width: 1280, height: 800 });
      }
    });

    it('shows no environment label when none is set', async () => {
      expect(markup(one(await topBar({ tenant }), '[part="environment"]'))).to.equal(null);
    });

    it('shows the environment label with a tooltip of server, database and release', async () => {
      const element = await topBar({ environmentLabel: 'TEST', environmentName: 'Staging', tenant });
      const label = one(element, '[part="environment"]')!;
      expect(label.textContent?.trim()).to.equal('TEST');
      // §2 tenant tooltip: a Shoelace tooltip around the label, its lines in the content slot.
      const tip = one<HTMLElement & { open: boolean }>(element, 'sl-tooltip.environment-tooltip')!;
      const lines = [...tip.querySelectorAll('[slot="content"] > div')].map((line) => line.textContent?.trim());
      expect(lines).to.deep.equal([
        'Environment: Staging',
        'Database server: SQLPROD01',
        'Database: ERP_MAIN',
        'Release: 24.3.1',
      ]);
      const description = root(element).getElementById(label.getAttribute('aria-describedby')!)!;
      expect(description.textContent).to.include('SQLPROD01').and.include('ERP_MAIN').and.include('24.3.1');
      // Keyboard users reach the label; focusing it loads <sl-tooltip> and opens the tooltip.
      label.focus();
      await waitUntil(() => tip.open === true, 'the environment tooltip did not open', { timeout: 4000 });
      const content = tip.querySelector<HTMLElement>('[slot="content"]')!;
      await waitUntil(() => content.checkVisibility(), 'the tooltip content is not shown', { timeout: 4000 });
      expect(content.innerText).to.include('Database server: SQLPROD01');
    });
  });

  describe('translation', () => {
    it('re-renders in the new language when i18n changes language', async () => {
      // Load French first, so only the language change (not a resource load) can trigger the re-render.
      await i18n.loadLanguages('fr-CA');
      const element = await topBar({ portal: true, environmentLabel: 'TEST', tenant });
      expect(tabTexts(element)[0]).to.equal('HOME');
      await i18n.changeLanguage('fr-CA');
      await element.updateComplete;
      expect(tabTexts(element)[0]).to.equal('ACCUEIL');
      expect(all(element, '[part="tab-close"]')[0]!.getAttribute('aria-label')).to.equal('Fermer General Ledger');
      expect(one(element, '[part="switch-account"]')!.textContent?.trim()).to.equal('Changer de compte');
      expect(languageButton(element)!.querySelector('.visually-hidden')!.textContent?.trim()).to.equal('Langue');
      expect(one(element, 'sl-tooltip.environment-tooltip [slot="content"]')!.textContent).to.include(
        'Serveur de base de données : SQLPROD01',
      );
      await openMenu(element, userButton(element));
      expect(menuItems(element, 'user').map((item) => item.textContent?.trim())).to.deep.equal([
        'Changer le mot de passe',
        'À propos',
        'Se déconnecter',
      ]);
      await i18n.changeLanguage('en-CA');
      await element.updateComplete;
      expect(tabTexts(element)[0]).to.equal('HOME');
    });

    it('renders Chinese (Simplified and Traditional)', async () => {
      const element = await topBar({ signedIn: false });
      await i18n.changeLanguage('zh-CN');
      await element.updateComplete;
      expect(tabTexts(element)[0]).to.equal('首页');
      expect(one(element, '[part="login"]')!.textContent?.trim()).to.equal('登录');
      await i18n.changeLanguage('zh-TW');
      await element.updateComplete;
      expect(tabTexts(element)[0]).to.equal('首頁');
      expect(one(element, '[part="login"]')!.textContent?.trim()).to.equal('登入');
    });
  });

  describe('accessibility', () => {
    it('passes axe when signed in, with every optional part shown', async () => {
      const element = await topBar({ portal: true, environmentLabel: 'TEST', environmentName: 'Staging', tenant });
      await expect(element).to.be.accessible();
    });

    it('passes axe with the Applications menu open', async () => {
      const element = await topBar();
      await openMenu(element, applicationsButton(element));
      await expect(element).to.be.accessible();
    });

    it('passes axe with the user menu open', async () => {
      const element = await topBar();
      await openMenu(element, userButton(element));
      await expect(element).to.be.accessible();
    });

    it('passes axe when signed out', async () => {
      const element = await topBar({ signedIn: false, tabs: [] });
      await expect(element).to.be.accessible();
    });

    it('names every control', async () => {
      const element = await topBar({ portal: true });
      await openMenu(element, userButton(element));
      for (const control of all(element, 'button, select')) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim();
        expect(name, control.outerHTML).to.not.equal('');
      }
    });
  });
});
