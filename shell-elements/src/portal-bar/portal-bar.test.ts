import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import './portal-bar.ts';
import type { ErpPortalBar, PortalBarLink } from './portal-bar.ts';

const links: PortalBarLink[] = ['Home', 'My Orders', 'Invoices', 'Notifications', 'Cart', 'Statements', 'Returns', 'Settings'].map(
  (label) => ({ path: `/portal/${label.toLowerCase().replace(' ', '')}`, label: `${label} of the account` }),
);
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('erp-portal-bar', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('brings the current link into its strip on a phone (issue 69 item 1), measured in the next frame', async () => {
    await setViewport({ width: 360, height: 740 });
    const element = await fixture<ErpPortalBar>(html`<erp-portal-bar .links=${links} active-path="/portal/order"></erp-portal-bar>`);
    const nav = element.shadowRoot!.querySelector<HTMLElement>('nav')!;
    await frames();
    expect(nav.scrollWidth).to.be.greaterThan(nav.clientWidth);
    expect(nav.scrollLeft).to.equal(0);
    element.activePath = '/portal/settings';
    await element.updateComplete;
    await frames();
    const active = element.shadowRoot!.querySelector<HTMLElement>('a.link.active')!.getBoundingClientRect();
    const box = nav.getBoundingClientRect();
    expect(nav.scrollLeft).to.be.greaterThan(0);
    expect(active.right).to.be.at.most(box.right + 1);
    expect(active.left).to.be.at.least(box.left - 1);
  });

  it('leaves a wide strip where it is', async () => {
    const element = await fixture<ErpPortalBar>(html`<erp-portal-bar .links=${links.slice(0, 3)} active-path="/portal/invoices"></erp-portal-bar>`);
    await frames();
    expect(element.shadowRoot!.querySelector<HTMLElement>('nav')!.scrollLeft).to.equal(0);
  });
});
