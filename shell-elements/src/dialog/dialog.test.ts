import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { i18n } from '@erp/shared';
import { useLocale } from '../testing/i18n.ts';
import { ErpDialog, type DialogAction } from './dialog.ts';
import '../about/about.ts';

const saveDiscardStay: DialogAction[] = [
  { id: 'save', label: 'Save', variant: 'primary' },
  { id: 'discard', label: 'Discard', variant: 'danger' },
  { id: 'stay', label: 'Stay' },
];

/** A dialog next to an opener button; the owner closes it on every answer, as root-config does. */
async function dialogFixture(properties: Partial<ErpDialog> = {}, content = html``): Promise<ErpDialog> {
  const wrapper = await fixture<HTMLElement>(html`
    <div>
      <button id="opener">Close tab</button>
      <erp-dialog heading="Unsaved changes" message="Save your changes before closing?" .actions=${saveDiscardStay}>
        ${content}
      </erp-dialog>
      <button id="outside">outside</button>
    </div>
  `);
  const element = wrapper.querySelector('erp-dialog')!;
  element.addEventListener('erp-dialog-action', () => {
    element.open = false;
  });
  Object.assign(element, properties);
  await element.updateComplete;
  return element;
}

/** Opens the dialog from the opener button and waits until it is shown (Shoelace loads on first use). */
async function openFrom(element: ErpDialog): Promise<void> {
  element.parentElement!.querySelector<HTMLButtonElement>('#opener')!.focus();
  element.open = true;
  await element.updateComplete;
  await element.whenShown();
}

/** Closed: the Shoelace dialog is not open and its hide animation has finished. */
async function closed(element: ErpDialog): Promise<void> {
  await element.updateComplete;
  await waitUntil(() => !slDialog(element).open && !slDialog(element).hasAttribute('data-shown'), 'the dialog did not close', { timeout: 4000 });
}

const root = (element: ErpDialog) => element.shadowRoot!;
const slDialog = (element: ErpDialog) => root(element).querySelector<HTMLElement & { open: boolean }>('sl-dialog')!;
/** The element with role="dialog" (Shoelace's panel). */
const dialogRole = (element: ErpDialog) => slDialog(element).shadowRoot!.querySelector<HTMLElement>('[role="dialog"]')!;
const buttons = (element: ErpDialog) => [...root(element).querySelectorAll<HTMLElement>('[part~="action"]')];
/** What has focus, as text (never compare DOM nodes in assertions, see README); a Shoelace button by its text. */
const focusedText = () => {
  let active = document.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement && active.localName !== 'sl-button') {
    active = active.shadowRoot.activeElement as HTMLElement;
  }
  return active ? (active.id ? `#${active.id}` : active.textContent?.trim()) : null;
};

describe('erp-dialog', () => {
  before(async () => {
    await useLocale('en-CA');
  });

  afterEach(async () => {
    if (i18n.language !== 'en-CA') await i18n.changeLanguage('en-CA');
  });

  it('a question asked while the previous one is still closing is shown, focused on its primary button', async () => {
    // root-config asks the next question right after an answer (Escape, then closing an application tab): the
    // element is reopened while Shoelace's hide animation runs, whose end must not hide the new question.
    const element = await dialogFixture();
    await openFrom(element);
    const firstHidden = oneEvent(slDialog(element), 'sl-after-hide');
    await sendKeys({ press: 'Escape' }); // answers cancel: the owner sets open = false, the hide starts
    await element.updateComplete;
    expect(slDialog(element).open).to.equal(false);
    element.heading = 'Second question';
    element.open = true;
    await element.updateComplete;
    await element.whenShown();
    const base = slDialog(element).shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
    await firstHidden; // the first question's hide has ended (before or after the second show)
    expect(slDialog(element).open).to.equal(true);
    expect(base.hidden, 'the second question is hidden').to.equal(false);
    expect(dialogRole(element).checkVisibility()).to.equal(true);
    await waitUntil(() => focusedText() === 'Save', 'focus is not on the second question');
    await sendKeys({ press: 'Escape' }); // the keyboard answers it
    await closed(element);
  });

  it('is registered once as erp-dialog', () => {
    expect(customElements.get('erp-dialog') === ErpDialog).to.equal(true);
  });

  describe('rendering', () => {
    it('is closed and takes no space until open', async () => {
      const element = await dialogFixture();
      expect(slDialog(element).hasAttribute('open')).to.equal(false);
      expect(element.getBoundingClientRect().height).to.equal(0);
    });

    it('opens as a modal named by its heading and described by its message', async () => {
      const element = await dialogFixture();
      await openFrom(element);
      expect(slDialog(element).open).to.equal(true);
      const dialog = dialogRole(element) as HTMLElement & { ariaDescribedByElements: Element[] | null };
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(dialog.getAttribute('aria-label')).to.equal('Unsaved changes');
      const heading = root(element).querySelector('[part="heading"]')!;
      expect(heading.tagName).to.equal('H2');
      expect(heading.textContent?.trim()).to.equal('Unsaved changes');
      expect(dialog.ariaDescribedByElements?.map((node) => node.textContent?.trim())).to.deep.equal([
        'Save your changes before closing?',
      ]);
    });

    it('renders the actions in order with their variants', async () => {
      const element = await dialogFixture();
      await openFrom(element);
      expect(buttons(element).map((button) => button.textContent?.trim())).to.deep.equal(['Save', 'Discard', 'Stay']);
      expect(buttons(element).map((button) => button.getAttribute('part'))).to.deep.equal([
        'action action-primary',
        'action action-danger',
        'action action-default',
      ]);
    });

    it('has no message paragraph without a message', async () => {
      const element = await dialogFixture({ message: '' });
      await openFrom(element);
      expect(root(element).querySelector('[part="message"]')?.outerHTML ?? null).to.equal(null);
      expect((dialogRole(element) as HTMLElement & { ariaDescribedByElements: Element[] | null }).ariaDescribedByElements ?? null).to.equal(null);
    });

    it('shows a translated Close button (answering cancel) when there are no actions', async () => {
      const element = await dialogFixture({ heading: 'Error', message: 'Bill To is invalid.', actions: [] });
      await openFrom(element);
      expect(buttons(element).map((button) => button.textContent?.trim())).to.deep.equal(['Close']);
      expect(focusedText()).to.equal('Close');
      setTimeout(() => buttons(element)[0]!.click());
      expect((await oneEvent(element, 'erp-dialog-action')).detail).to.deep.equal({ id: 'cancel' });
    });

    it('shows slotted content (About)', async () => {
      const element = await dialogFixture(
        { heading: 'About', message: '', actions: [{ id: 'close', label: 'Close', variant: 'primary' }] },
        html`<erp-about .versions=${[{ name: 'Shell', version: '1.0.0' }]}></erp-about>`,
      );
      await openFrom(element);
      const about = element.querySelector('erp-about')!;
      expect(about.getBoundingClientRect().height).to.be.greaterThan(20);
      const slot = root(element).querySelector('slot')!;
      expect(slot.assignedElements().map((node) => node.localName)).to.deep.equal(['erp-about']);
    });
  });

  describe('focus', () => {
    it('focuses the first primary action on opening', async () => {
      const element = await dialogFixture({
        actions: [
          { id: 'stay', label: 'Stay' },
          { id: 'discard', label: 'Discard', variant: 'danger' },
          { id: 'save', label: 'Save', variant: 'primary' },
        ],
      });
      await openFrom(element);
      expect(focusedText()).to.equal('Save');
    });

    it('focuses the first action when none is primary', async () => {
      const element = await dialogFixture({ actions: [{ id: 'no', label: 'No' }, { id: 'yes', label: 'Yes', variant: 'danger' }] });
      await openFrom(element);
      expect(focusedText()).to.equal('No');
    });

    it('traps Tab and Shift+Tab inside the dialog', async () => {
      const element = await dialogFixture();
      await openFrom(element);
      expect(focusedText()).to.equal('Save');
      await sendKeys({ press: 'Tab' });
      expect(focusedText()).to.equal('Discard');
      await sendKeys({ press: 'Tab' });
      expect(focusedText()).to.equal('Stay');
      await sendKeys({ press: 'Tab' });
      expect(focusedText(), 'wraps to the first').to.equal('Save');
      await sendKeys({ press: 'Shift+Tab' });
      expect(focusedText(), 'wraps to the last').to.equal('Stay');
    });

    it('includes slotted controls in the trap', async () => {
      const element = await dialogFixture(
        { actions: [{ id: 'ok', label: 'OK', variant: 'primary' }] },
        html`<label>Reason <input id="reason" /></label>`,
      );
      await openFrom(element);
      expect(focusedText()).to.equal('OK');
      await sendKeys({ press: 'Tab' });
      expect(focusedText()).to.equal('#reason');
      await sendKeys({ press: 'Tab' });
      expect(focusedText()).to.equal('OK');
      await sendKeys({ press: 'Shift+Tab' });
      expect(focusedText()).to.equal('#reason');
    });

    it('returns focus to the opener when it closes', async () => {
      const element = await dialogFixture();
      await openFrom(element);
      setTimeout(() => buttons(element)[2]!.click());
      await oneEvent(element, 'erp-dialog-action');
      await closed(element);
      expect(focusedText()).to.equal('#opener');
    });
  });

  describe('events', () => {
    for (const [index, id] of [
      [0, 'save'],
      [1, 'discard'],
      [2, 'stay'],
    ] as const) {
      it(`fires erp-dialog-action { id: '${id}' } for its button`, async () => {
        const element = await dialogFixture();
        await openFrom(element);
        setTimeout(() => buttons(element)[index]!.click());
        const event = await oneEvent(element, 'erp-dialog-action');
        expect(event.detail).to.deep.equal({ id });
        expect(event.bubbles && event.composed).to.equal(true);
      });
    }

    it('Enter on the focused primary action answers it', async () => {
      const element = await dialogFixture();
      await openFrom(element);
      setTimeout(() => void sendKeys({ press: 'Enter' }));
      expect((await oneEvent(element, 'erp-dialog-action')).detail).to.deep.equal({ id: 'save' });
    });

    it("Escape answers 'cancel', and focus returns to the opener", async () => {
      const element = await dialogFixture();
      await openFrom(element);
      setTimeout(() => void sendKeys({ press: 'Escape' }));
      expect((await oneEvent(element, 'erp-dialog-action')).detail).to.deep.equal({ id: 'cancel' });
      await closed(element);
      expect(focusedText()).to.equal('#opener');
    });

    it('stays open until the owner closes it (a pure view)', async () => {
      const wrapper = await fixture<HTMLElement>(html`<div>
        <erp-dialog open heading="Confirm" .actions=${[{ id: 'ok', label: 'OK', variant: 'primary' }]}></erp-dialog>
      </div>`);
      const element = wrapper.querySelector('erp-dialog')!;
      await element.updateComplete;
      await element.whenShown();
      const answers: string[] = [];
      element.addEventListener('erp-dialog-action', (event) => answers.push(event.detail.id));
      await sendKeys({ press: 'Escape' });
      buttons(element)[0]!.click();
      await element.updateComplete;
      expect(answers).to.deep.equal(['cancel', 'ok']);
      expect(slDialog(element).open).to.equal(true);
      // A press on the backdrop answers nothing and keeps it open.
      const overlay = slDialog(element).shadowRoot!.querySelector<HTMLElement>('[part~="overlay"]')!;
      overlay.click();
      await element.updateComplete;
      expect(answers).to.deep.equal(['cancel', 'ok']);
      expect(slDialog(element).open).to.equal(true);
      element.open = false;
      await closed(element);
    });

    it('keeps focus inside while open', async () => {
      const element = await dialogFixture();
      await openFrom(element);
      const outside = element.parentElement!.querySelector<HTMLButtonElement>('#outside')!;
      outside.focus();
      expect(focusedText()).to.not.equal('#outside');
    });
  });

  describe('translation', () => {
    it('translates its own Close button', async () => {
      await i18n.loadLanguages(['fr-CA', 'zh-CN']);
      const element = await dialogFixture({ actions: [] });
      await openFrom(element);
      await i18n.changeLanguage('fr-CA');
      await element.updateComplete;
      expect(buttons(element)[0]!.textContent?.trim()).to.equal('Fermer');
      await i18n.changeLanguage('zh-CN');
      await element.updateComplete;
      expect(buttons(element)[0]!.textContent?.trim()).to.equal('关闭');
    });
  });

  describe('accessibility', () => {
    it('makes a body that scrolls a named Tab stop, and a body that fits none', async () => {
      const element = await dialogFixture(
        { heading: 'About', message: '', actions: [{ id: 'close', label: 'Close', variant: 'primary' }] },
        html`<div class="tall"><button id="inside">Inside</button></div>`,
      );
      element.querySelector<HTMLElement>('.tall')!.style.height = '3000px';
      await openFrom(element);
      const body = root(element).querySelector<HTMLElement>('[part="body"]')!;
      expect(body.tabIndex).to.equal(0);
      expect(body.getAttribute('role')).to.equal('region');
      expect(body.getAttribute('aria-label')).to.equal('About');
      await expect(element).to.be.accessible();
      const short = await dialogFixture();
      await openFrom(short);
      expect(root(short).querySelector('[part="body"]')!.hasAttribute('tabindex')).to.equal(false);
    });

    it('passes axe open', async () => {
      const element = await dialogFixture();
      await openFrom(element);
      await expect(element).to.be.accessible();
    });

    it('passes axe open with About inside', async () => {
      const element = await dialogFixture(
        { heading: 'About', message: '', actions: [] },
        html`<erp-about
          .tenant=${{ server: 'SQLPROD01', database: 'ERP_MAIN', releaseNumber: '24.3.1' }}
          .versions=${[{ name: 'Shell', version: '1.0.0' }]}
          .shortcuts=${[{ keys: 'Ctrl+K', description: 'Go to a screen' }]}
        ></erp-about>`,
      );
      await openFrom(element);
      await expect(element).to.be.accessible();
    });
  });
});
