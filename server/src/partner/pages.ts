/**
 * HTML of the demo partner site (partner/app.ts). Static markup plus external script and stylesheet
 * files: no inline script or style, so the pages run under a 'self'-only Content-Security-Policy. The
 * shell's origin is written into `<html data-shell-origin>` and `<meta name="shell-origin">`; the
 * scripts accept messages from that origin only.
 */
import { escapeHtml } from '../oidc/pages.ts';

export const PARTNER_STYLESHEET = '/partner.css';
export const STEEL_SCRIPT = '/resteel/partner.js';
export const NOVUS_SCRIPT = '/novus/app.js';

function page(options: { title: string; shellOrigin: string; script?: string; body: string }): string {
  const origin = escapeHtml(options.shellOrigin);
  return `<!DOCTYPE html>
<html lang="en" data-shell-origin="${origin}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="shell-origin" content="${origin}">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${PARTNER_STYLESHEET}">
${options.script ? `<script type="module" src="${escapeHtml(options.script)}"></script>\n` : ''}</head>
<body>
<main>
${options.body}
</main>
</body>
</html>
`;
}

/**
 * The steel order-entry page. Ids: #status (live status line), #verified-user, #received (one <li> per
 * accepted message), #none-received, #ignored (count of messages refused for their origin),
 * #shell-origin.
 */
export function steelPage(shellOrigin: string): string {
  return page({
    title: 'Steel order entry (partner demo)',
    shellOrigin,
    script: STEEL_SCRIPT,
    body: `<h1>Steel order entry (partner demo)</h1>
<p class="banner">A stand-in for the steel re-seller's order-entry system, served by the ERP server's demo partner site.</p>
<p>It accepts messages only from the ERP shell at <code id="shell-origin">${escapeHtml(shellOrigin)}</code>.</p>
<p id="status" role="status" aria-live="polite">Loading…</p>
<p>Signed-in user: <strong id="verified-user">not verified yet</strong></p>
<h2 id="received-heading">Messages received</h2>
<ul id="received" aria-labelledby="received-heading"></ul>
<p id="none-received">No message received yet.</p>
<p>Messages ignored from other origins: <span id="ignored">0</span></p>`,
  });
}

/** The newer-version front end's page. Ids: #path, #query, #instance, #loaded-at, #note. */
export function novusPage(shellOrigin: string): string {
  return page({
    title: 'Newer-version front end (partner demo)',
    shellOrigin,
    script: NOVUS_SCRIPT,
    body: `<h1>Newer-version front end (partner demo)</h1>
<p class="banner">A stand-in for the newer-version front end: the shell shows one frame of it per registered path.</p>
<p>Opened with path <code id="path">/</code></p>
<p>Query string: <code id="query"></code></p>
<p>Page instance <code id="instance"></code>, loaded at <time id="loaded-at"></time>. A frame the shell keeps alive keeps these when its tab is hidden and shown again.</p>
<label for="note">Work in progress (kept while the frame stays alive)</label>
<input id="note" name="note" type="text" autocomplete="off">`,
  });
}

/** The partner site's root: links to its two pages. */
export function indexPage(shellOrigin: string, steelPath: string, novusPath: string): string {
  return page({
    title: 'Partner demo site',
    shellOrigin,
    body: `<h1>Partner demo site</h1>
<p>Pages the ERP shell at <code>${escapeHtml(shellOrigin)}</code> shows in frames:</p>
<ul>
<li><a href="${escapeHtml(steelPath)}">Steel order entry</a></li>
<li><a href="${escapeHtml(novusPath)}#/sales-order-entry">Newer-version front end</a></li>
</ul>`,
  });
}
