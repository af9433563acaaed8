import { describe, expect, it } from 'vitest';
import { landingPath } from './guard.ts';

describe('landing page (§4 first navigation, step 5)', () => {
  it('strips a leading ../#/ from landing pages', () => {
    expect(landingPath('../#/portal')).toBe('/portal');
    expect(landingPath('#/portal/order')).toBe('/portal/order');
    expect(landingPath('/portal/')).toBe('/portal');
  });
});
