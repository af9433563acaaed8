import { describe, expect, it } from 'vitest';
import { firstNavigation, landingPath } from './guard.ts';

describe('landing page (§4 first navigation, step 5)', () => {
  it('strips a leading ../#/ from landing pages', () => {
    expect(landingPath('../#/portal')).toBe('/portal');
    expect(landingPath('#/portal/order')).toBe('/portal/order');
    expect(landingPath('/portal/')).toBe('/portal');
  });
});

describe('the first navigation (§4 step 5; issue 69 item 3)', () => {
  it('opens the landing page on arrival at the home page only', () => {
    expect(firstNavigation('/', '/novus-ar')).toBe('/novus-ar');
    expect(firstNavigation('/novus-gl/gl-chart', '/novus-ar')).toBe('/novus-gl/gl-chart');
    expect(firstNavigation('/', null)).toBe('/');
  });

  it("sends a portal customer bound for the portal's root straight to its first screen", () => {
    expect(firstNavigation('/', '../#/portal')).toBe('/portal/order');
    expect(firstNavigation('/Portal', '/portal')).toBe('/portal/order');
    expect(firstNavigation('/portal/cart', '/portal')).toBe('/portal/cart');
    // Staff at the portal's root see what it shows them.
    expect(firstNavigation('/portal', '/')).toBe('/portal');
  });
});
