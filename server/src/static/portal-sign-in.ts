/**
 * Issue 69 item 3, sign-in to the first portal screen: the embedded provider's login POST knows whether the user
 * who just signed in is a portal customer (the landing page, §6); the shell page of the sign-in callback that
 * follows two redirects later does not, and root-config learns it only from the start-up calls, after the token
 * exchange — then asked for React and the portal's screens, a chain of round trips on a phone.
 *
 * The POST sets `erp_portal_sign_in=1` (HttpOnly, SameSite=Lax, Path=/auth/callback, 5 minutes; cleared by anyone
 * else's login); the callback page served with it marks its `<template id="erp-portal-modules">` `data-start`
 * and clears the cookie, and the boot loader adds those modules with the boot's (root-config/src/boot/loader.ts).
 * The mark only fetches public, versioned files sooner: it decides nothing — the session still says portal or not.
 */
export const PORTAL_SIGN_IN_COOKIE = 'erp_portal_sign_in';
const COOKIE_PATH = '/auth/callback';
const LIFETIME_SECONDS = 300;

function attributes(publicUrl: string, maxAge: number): string {
  return `Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${publicUrl.startsWith('https:') ? '; Secure' : ''}`;
}

/**
 * The Set-Cookie value for a user who signed in: set for a portal customer, else cleared — the login's request never
 * carries the mark (its path is the callback's), and a customer's mark left unused must not start a staff member's
 * callback with the portal's files.
 */
export function portalSignInCookie(portal: boolean, publicUrl: string): string {
  return portal ? `${PORTAL_SIGN_IN_COOKIE}=1; ${attributes(publicUrl, LIFETIME_SECONDS)}` : clearPortalSignIn(publicUrl);
}

/** The Set-Cookie value that removes the mark. */
export function clearPortalSignIn(publicUrl: string): string {
  return `${PORTAL_SIGN_IN_COOKIE}=; ${attributes(publicUrl, 0)}`;
}

/** Whether the request's Cookie header carries the mark. */
export function hasPortalSignIn(requestCookies: string | undefined): boolean {
  return (requestCookies ?? '').split(';').some((pair) => pair.trim() === `${PORTAL_SIGN_IN_COOKIE}=1`);
}

const PORTAL_TEMPLATE = '<template id="erp-portal-modules">';

/** The page with its portal modules' template marked to start with the boot (unchanged without the template). */
export function markPortalSignIn(html: string): string {
  return html.replace(PORTAL_TEMPLATE, '<template id="erp-portal-modules" data-start>');
}
