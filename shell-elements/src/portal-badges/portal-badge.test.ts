import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ErpPortalBadge } from './portal-badge.ts';
import { ErpPortalBar, logoDisplayType } from '../portal-bar/portal-bar.ts';

const pill = (element: ErpPortalBadge) => element.shadowRoot!.querySelector<HTMLElement>('[part="badge"]');

/** A 1×1 transparent GIF and a minimal PDF, base64. */
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const PDF = btoa('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

describe('erp-portal-badge', () => {
  it('is registered as erp-portal-badge', () => {
    expect(customElements.get('erp-portal-badge') === ErpPortalBadge).to.equal(true);
  });

  it('is hidden and takes no space at 0, below 0 and for a non-number', async () => {
    for (const count of [0, -2, Number.NaN]) {
      const element = await fixture<ErpPortalBadge>(html`<erp-portal-badge .count=${count} label="Cart"></erp-portal-badge>`);
      expect(pill(element), String(count)).to.equal(null);
      expect(element.hasAttribute('visible')).to.equal(false);
      expect(element.getBoundingClientRect().width, String(count)).to.equal(0);
    }
  });

  it('shows the count above 0 with an accessible text, and hides again at 0', async () => {
    const element = await fixture<ErpPortalBadge>(html`<erp-portal-badge .count=${3} label="Unread notifications"></erp-portal-badge>`);
    expect(pill(element)!.textContent).to.equal('3');
    expect(pill(element)!.getAttribute('aria-label')).to.equal('Unread notifications: 3');
    expect(element.getBoundingClientRect().width).to.be.greaterThan(0);
    element.count = 0;
    await element.updateComplete;
    expect(pill(element)).to.equal(null);
    expect(element.getBoundingClientRect().width).to.equal(0);
  });

  it("draws the pill with Shoelace's sl-badge, hidden from assistive technology (the status carries the text)", async () => {
    const element = await fixture<ErpPortalBadge>(html`<erp-portal-badge .count=${2} label="Cart lines"></erp-portal-badge>`);
    await waitUntil(() => customElements.get('sl-badge') !== undefined, 'sl-badge was not loaded', { timeout: 4000 });
    const badge = pill(element)!.querySelector('sl-badge')!;
    expect(badge.getAttribute('aria-hidden')).to.equal('true');
    expect(badge.getAttribute('variant')).to.equal('danger');
    expect(badge.textContent).to.equal('2');
    await expect(element).to.be.accessible();
  });

  it('shortens counts above 99', async () => {
    const element = await fixture<ErpPortalBadge>(html`<erp-portal-badge .count=${250} label="Cart lines"></erp-portal-badge>`);
    expect(pill(element)!.textContent).to.equal('99+');
    expect(pill(element)!.getAttribute('aria-label')).to.equal('Cart lines: 250');
  });
});

describe('erp-portal-bar', () => {
  const links = [
    { path: '/portal/order', label: 'Home' },
    { path: '/portal/notifications', label: 'Notifications', count: 2, countLabel: 'Unread notifications' },
    { path: '/portal/cart', label: 'Cart', count: 0, countLabel: 'Cart lines' },
  ];

  it('renders hash links with badges only above 0, marking the current page', async () => {
    const bar = await fixture<ErpPortalBar>(html`<erp-portal-bar .links=${links} active-path="/portal/cart" nav-label="Portal"></erp-portal-bar>`);
    const anchors = [...bar.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a.link')];
    expect(anchors.map((a) => a.getAttribute('href'))).to.deep.equal(['#/portal/order', '#/portal/notifications', '#/portal/cart']);
    expect(anchors[2]!.getAttribute('aria-current')).to.equal('page');
    const badges = [...bar.shadowRoot!.querySelectorAll('erp-portal-badge')];
    await Promise.all(badges.map((badge) => badge.updateComplete));
    expect(badges.map((badge) => badge.hasAttribute('visible'))).to.deep.equal([false, true, false]);
    expect(bar.shadowRoot!.querySelector('nav')!.getAttribute('aria-label')).to.equal('Portal');
  });

  it('treats unknown logo types as PNG', () => {
    expect(logoDisplayType('image/gif')).to.equal('image/gif');
    expect(logoDisplayType('application/pdf')).to.equal('application/pdf');
    expect(logoDisplayType('image/bmp')).to.equal('image/png');
    expect(logoDisplayType(null)).to.equal('image/png');
  });

  it('shows image logos as images and a PDF logo as a link to the PDF', async () => {
    const bar = await fixture<ErpPortalBar>(html`<erp-portal-bar company-name="Acme" .logo=${GIF} logo-type="image/gif"></erp-portal-bar>`);
    const image = bar.shadowRoot!.querySelector<HTMLImageElement>('img[part="logo"]')!;
    expect(image.src).to.equal(`data:image/gif;base64,${GIF}`);
    expect(image.alt).to.equal('Acme');
    await image.decode();
    expect(image.naturalWidth).to.equal(1);
    bar.logoType = 'image/x-unknown';
    await bar.updateComplete;
    expect(bar.shadowRoot!.querySelector('img')!.src.startsWith('data:image/png;base64,')).to.equal(true);
    bar.logo = PDF;
    bar.logoType = 'application/pdf';
    bar.pdfLogoLabel = 'Company logo (PDF)';
    await bar.updateComplete;
    const link = bar.shadowRoot!.querySelector<HTMLAnchorElement>('a[part="logo"]')!;
    expect(link.href.startsWith('blob:')).to.equal(true);
    expect(link.textContent!.trim()).to.equal('Acme — Company logo (PDF)');
    const blob = await (await fetch(link.href)).blob();
    expect(blob.type).to.equal('application/pdf');
    expect((await blob.text()).startsWith('%PDF')).to.equal(true);
  });

  it('shows the company name when the logo is missing or not base64', async () => {
    const bar = await fixture<ErpPortalBar>(html`<erp-portal-bar company-name="Acme" .logo=${'"><script>'} logo-type="image/png"></erp-portal-bar>`);
    expect(bar.shadowRoot!.querySelector('img')).to.equal(null);
    expect(bar.shadowRoot!.querySelector('[part="logo"]')!.textContent).to.equal('Acme');
  });
});
