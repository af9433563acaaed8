import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { i18n } from '@erp/shared';
import { useLocale } from '../testing/i18n.ts';
import { ErpBanner } from './banner.ts';

async function banner(properties: Partial<ErpBanner> = {}): Promise<ErpBanner> {
  const wrapper = await fixture<HTMLElement>(html`<div>
    <input id="field" />
    <erp-banner message="Your session has expired. Please log out and log in again."></erp-banner>
  </div>`);
  const element = wrapper.querySelector('erp-banner')!;
  Object.assign(element, properties);
  await element.updateComplete;
  return element;
}

const root = (element: ErpBanner) => element.shadowRoot!;
const strip = (element: ErpBanner) => root(element).querySelector<HTMLElement>('[part="base"]')!;
const spoken = (element: ErpBanner) => strip(element).textContent?.replace(/\s+/g, ' ').trim();

describe('erp-banner', () => {
  before(async () => {
    await useLocale('en-CA');
  });

  afterEach(async () => {
    if (i18n.language !== 'en-CA') await i18n.changeLanguage('en-CA');
  });

  it('is registered once as erp-banner', () => {
    expect(customElements.get('erp-banner') === ErpBanner).to.equal(true);
  });

  it('is an empty live region taking no space while closed', async () => {
    const element = await banner();
    expect(element.open).to.equal(false);
    expect(element.kind).to.equal('info');
    expect(strip(element).getAttribute('role')).to.equal('status');
    expect(spoken(element)).to.equal('');
    expect(element.getBoundingClientRect().height).to.equal(0);
  });

  it('shows the message with its kind in words when open, in role="status" for info and warning', async () => {
    const element = await banner({ open: true, kind: 'warning' });
    expect(strip(element).getAttribute('role')).to.equal('status');
    expect(spoken(element)).to.equal('Warning: Your session has expired. Please log out and log in again.');
    expect(element.getBoundingClientRect().height).to.be.greaterThan(20);
    expect(element.hasAttribute('open') && element.getAttribute('kind')).to.equal('warning');
  });

  it('uses role="alert" for an error', async () => {
    const element = await banner({ open: true, kind: 'error', message: 'Server error' });
    expect(strip(element).getAttribute('role')).to.equal('alert');
    expect(spoken(element)).to.equal('Error: Server error');
  });

  it('keeps the same live region from closed to open, so the message is announced', async () => {
    const element = await banner();
    const before = strip(element);
    before.dataset['probe'] = 'kept';
    element.open = true;
    await element.updateComplete;
    expect(strip(element).dataset['probe']).to.equal('kept');
  });

  it('never takes focus', async () => {
    const element = await banner();
    const field = element.parentElement!.querySelector<HTMLInputElement>('#field')!;
    field.focus();
    element.open = true;
    element.kind = 'error';
    await element.updateComplete;
    expect(document.activeElement?.id).to.equal('field');
  });

  it('falls back to info for an unknown kind', async () => {
    const element = await banner({ open: true, kind: 'bogus' as never });
    expect(strip(element).getAttribute('role')).to.equal('status');
    expect(spoken(element)?.startsWith('Information:')).to.equal(true);
  });

  it('has no dismiss button unless dismissible, which fires erp-banner-close', async () => {
    const element = await banner({ open: true });
    expect(root(element).querySelector('[part="dismiss"]')?.outerHTML ?? null).to.equal(null);
    element.dismissible = true;
    await element.updateComplete;
    const dismiss = root(element).querySelector<HTMLButtonElement>('[part="dismiss"]')!;
    expect(dismiss.getAttribute('aria-label')).to.equal('Dismiss message');
    setTimeout(() => dismiss.click());
    const event = await oneEvent(element, 'erp-banner-close');
    expect(event.bubbles && event.composed).to.equal(true);
    expect(element.open, 'the owner closes it').to.equal(true);
  });

  it('re-renders the kind in the new language', async () => {
    await i18n.loadLanguages(['fr-CA', 'zh-CN']);
    const element = await banner({ open: true, kind: 'error', message: 'X', dismissible: true });
    await i18n.changeLanguage('fr-CA');
    await element.updateComplete;
    expect(spoken(element)).to.equal('Erreur: X');
    expect(root(element).querySelector('[part="dismiss"]')!.getAttribute('aria-label')).to.equal('Fermer le message');
    await i18n.changeLanguage('zh-CN');
    await element.updateComplete;
    expect(spoken(element)).to.equal('错误: X');
  });

  for (const kind of ['error', 'warning', 'info'] as const) {
    it(`passes axe open as ${kind}`, async () => {
      const element = await banner({ open: true, kind, dismissible: true });
      await expect(element).to.be.accessible();
    });
  }

  it('passes axe closed', async () => {
    const element = await banner();
    await expect(element).to.be.accessible();
  });
});
