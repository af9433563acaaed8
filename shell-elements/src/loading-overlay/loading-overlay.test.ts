import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { i18n } from '@erp/shared';
import { useLocale } from '../testing/i18n.ts';
import { ErpLoadingOverlay } from './loading-overlay.ts';

const progressbar = (element: ErpLoadingOverlay) => element.shadowRoot!.querySelector('[role="progressbar"]');

describe('erp-loading-overlay', () => {
  before(async () => {
    await useLocale('en-CA');
  });

  afterEach(async () => {
    if (i18n.language !== 'en-CA') await i18n.changeLanguage('en-CA');
  });

  it('is registered once as erp-loading-overlay', () => {
    expect(customElements.get('erp-loading-overlay') === ErpLoadingOverlay).to.equal(true);
  });

  it('is hidden and renders nothing while inactive', async () => {
    const element = await fixture<ErpLoadingOverlay>(html`<erp-loading-overlay></erp-loading-overlay>`);
    expect(element.active).to.equal(false);
    expect(getComputedStyle(element).display).to.equal('none');
    expect(progressbar(element)?.outerHTML ?? null).to.equal(null);
  });

  it('covers the page at z-index 1041 (§9) while active', async () => {
    const element = await fixture<ErpLoadingOverlay>(html`<erp-loading-overlay active></erp-loading-overlay>`);
    const style = getComputedStyle(element);
    expect(style.display).to.not.equal('none');
    expect(style.position).to.equal('fixed');
    expect(style.zIndex).to.equal('1041');
    const box = element.getBoundingClientRect();
    expect(box.width).to.equal(window.innerWidth);
    expect(box.height).to.equal(window.innerHeight);
  });

  it('is a busy, labelled progressbar while active', async () => {
    const element = await fixture<ErpLoadingOverlay>(html`<erp-loading-overlay active></erp-loading-overlay>`);
    const bar = progressbar(element)!;
    expect(bar.getAttribute('aria-busy')).to.equal('true');
    expect(bar.getAttribute('aria-label')).to.equal('Loading…');
  });

  it('follows the active property and reflects it', async () => {
    const element = await fixture<ErpLoadingOverlay>(html`<erp-loading-overlay></erp-loading-overlay>`);
    element.active = true;
    await element.updateComplete;
    expect(element.hasAttribute('active')).to.equal(true);
    expect(progressbar(element)?.outerHTML ?? null).to.not.equal(null);
    element.active = false;
    await element.updateComplete;
    expect(element.hasAttribute('active')).to.equal(false);
    expect(getComputedStyle(element).display).to.equal('none');
  });

  it('translates its label', async () => {
    const element = await fixture<ErpLoadingOverlay>(html`<erp-loading-overlay active></erp-loading-overlay>`);
    await i18n.changeLanguage('fr-CA');
    await element.updateComplete;
    expect(progressbar(element)!.getAttribute('aria-label')).to.equal('Chargement…');
  });

  it('lets a click through during its fade-in delay and blocks once shown (no lost tab click)', async () => {
    const button = document.createElement('button');
    button.textContent = 'Tab';
    document.body.append(button);
    let clicks = 0;
    button.addEventListener('click', () => (clicks += 1));
    const element = await fixture<ErpLoadingOverlay>(html`<erp-loading-overlay></erp-loading-overlay>`);
    element.style.setProperty('--erp-loading-overlay-delay', '80ms');
    const box = button.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    element.active = true;
    await element.updateComplete;
    // A request started by this very press: the overlay turns on while the button is pressed.
    expect(document.elementFromPoint(x, y)).to.equal(button);
    await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
    expect(clicks).to.equal(1);
    await waitUntil(() => element.hasAttribute('blocking'), 'the overlay never blocked', { timeout: 4000 });
    expect(document.elementFromPoint(x, y)).to.equal(element);
    element.active = false;
    await element.updateComplete;
    expect(element.hasAttribute('blocking')).to.equal(false);
    button.remove();
  });

  it('lets a press already under way finish: blocking starts after its click (no click lost to a late overlay)', async () => {
    const button = document.createElement('button');
    button.textContent = 'Run report';
    document.body.append(button);
    let clicks = 0;
    button.addEventListener('click', () => (clicks += 1));
    const element = await fixture<ErpLoadingOverlay>(html`<erp-loading-overlay></erp-loading-overlay>`);
    element.style.setProperty('--erp-loading-overlay-delay', '0ms');
    const box = button.getBoundingClientRect();
    const position: [number, number] = [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
    await sendMouse({ type: 'move', position });
    await sendMouse({ type: 'down' });
    // A request already in flight shows the overlay while the button is held; its delay (0 ms) ends.
    element.active = true;
    await element.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(element.hasAttribute('blocking')).to.equal(false);
    await sendMouse({ type: 'up' });
    expect(clicks).to.equal(1);
    await waitUntil(() => element.hasAttribute('blocking'), 'the overlay never blocked after the press', { timeout: 4000 });
    element.active = false;
    await element.updateComplete;
    button.remove();
  });

  it('passes axe while active', async () => {
    const element = await fixture<ErpLoadingOverlay>(html`<erp-loading-overlay active></erp-loading-overlay>`);
    await expect(element).to.be.accessible();
  });
});
