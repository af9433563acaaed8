/**
 * HTML pages of the embedded identity provider: login, logout confirmation, signed-out and error.
 *
 * Rules: self-contained (no external fonts, scripts or images), no script at all (a strict
 * Content-Security-Policy forbids it), every input has a visible `<label for>`, errors are announced
 * (`role="alert"`) and tied to the inputs with `aria-describedby`. Every interpolated value goes
 * through `escapeHtml`.
 */
import { providerPageCsp, sha256Source } from '../security/csp.ts';

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.4}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef1f5;color:#1c2430}
main{background:#fff;padding:2rem 2.25rem;border-radius:8px;box-shadow:0 2px 10px rgba(0,0,0,.12);width:min(22rem,90vw)}
h1{font-size:1.4rem;margin:0 0 1.25rem}
label{display:block;font-weight:600;margin:.9rem 0 .3rem}
input{box-sizing:border-box;width:100%;font:inherit;padding:.55rem .6rem;border:1px solid #8a94a3;border-radius:4px}
input:focus,button:focus,a:focus{outline:3px solid #1d63c8;outline-offset:2px}
input[aria-invalid=true]{border-color:#b00020}
button{margin-top:1.4rem;width:100%;font:inherit;font-weight:600;padding:.6rem;border:0;border-radius:4px;background:#1d4f91;color:#fff;cursor:pointer}
button:hover{background:#173f74}
.error{margin:0 0 .5rem;padding:.6rem .75rem;border-left:4px solid #b00020;background:#fdecee;color:#7a0016}
.note{margin-top:1.25rem;font-size:.9rem}
a{color:#1d4f91}
`;

/**
 * Headers for every provider page: no caching, no framing, no script of any origin, forms posting to
 * this origin only (security/csp.ts `providerPageCsp`), no sniffing, no referrer, and its own browsing
 * context group (nothing here opens or is meant to be opened by another window).
 */
export const PAGE_HEADERS: Record<string, string> = pageHeaders();

/**
 * The headers of a provider page whose form may end on `formTargets` besides this origin (the login page of an
 * embedding origin's sign-in redirects there: oidc/embed-clients.ts).
 */
export function pageHeaders(formTargets: readonly string[] = []): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'content-security-policy': providerPageCsp(sha256Source(STYLE), formTargets),
  };
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export const INVALID_CREDENTIALS = 'Invalid username or password.';

export interface LoginPageOptions {
  action: string;
  username?: string;
  error?: string;
}

/** The sign-in form: inputs named exactly Username and Password, one Sign in button. */
export function loginPage({ action, username = '', error }: LoginPageOptions): string {
  const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  return page(
    'Sign in – ERP',
    `<h1>Sign in</h1>
${error ? `<p class="error" id="login-error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(username)}"${invalid}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** Logout confirmation, for an end-session request without a valid id_token_hint. */
export function logoutPage(form: string, homeUrl: string): string {
  return page(
    'Log out – ERP',
    `<h1>Log out</h1>
<p>Do you want to log out of the ERP shell?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Log out</button>
<p class="note"><a href="${escapeHtml(homeUrl)}">Stay signed in and return to the shell</a></p>`,
  );
}

export function signedOutPage(homeUrl: string): string {
  return page(
    'Signed out – ERP',
    `<h1>You are signed out</h1>
<p class="note"><a href="${escapeHtml(homeUrl)}">Return to the shell</a></p>`,
  );
}

export function errorPage(message: string, homeUrl: string, detail?: string): string {
  return page(
    'Sign-in problem – ERP',
    `<h1>Sign-in problem</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
${detail ? `<p>${escapeHtml(detail)}</p>` : ''}
<p class="note"><a href="${escapeHtml(homeUrl)}">Start again from the shell</a></p>`,
  );
}
