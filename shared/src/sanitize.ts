/**
 * THE HTML sanitizer of the product (DOMPurify). Every piece of HTML that did not come from our own code —
 * the portal homepage text an administrator writes (§1, §7 GetConfigurationByControlId), anything else a
 * user or the server supplies — goes through `sanitizeHtml` before it reaches the DOM. Nothing else in the
 * product may call DOMPurify or assign untrusted HTML.
 *
 * Policy:
 * - HTML profile only (no SVG, no MathML: their parsing differences are where mutation XSS lives);
 * - no script, style, form controls, frames, objects, templates, base or meta; no `on*` handlers;
 * - no `style` attributes (the shell's CSP forbids inline styles, so they would only log violations);
 * - URLs: http(s), mailto, tel, relative and fragment links only (`javascript:`/`data:` removed);
 * - links open in a new tab with `rel="noopener noreferrer"`.
 * Without a DOM (server code, unit tests in Node) it answers the text with every tag removed and all markup
 * characters escaped: it fails closed, never passing HTML through.
 */
import DOMPurify, { type Config } from 'dompurify';

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'option', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template', 'base', 'meta', 'link', 'svg', 'math', 'noscript', 'dialog'],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'xlink:href', 'ping'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  RETURN_TRUSTED_TYPE: false,
};

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance(): ReturnType<typeof DOMPurify> | null {
  if (purifier) return purifier;
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  const created = DOMPurify(window);
  if (!created.isSupported) return null;
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = created;
  return purifier;
}

/** Escapes text for use as HTML (the no-DOM fallback). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Safe HTML for `innerHTML` from untrusted `html` (see the policy above). Empty for null/undefined. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (html === null || html === undefined || html === '') return '';
  const purify = instance();
  if (!purify) return escapeHtml(String(html).replace(/<[a-zA-Z/!?][^>]*>?/g, ''));
  return purify.sanitize(String(html), CONFIG) as string;
}

/** True when `html` has no visible text and no image once sanitized (§1: the homepage text is shown only when non-empty). */
export function isBlankHtml(html: string | null | undefined): boolean {
  const safe = sanitizeHtml(html);
  if (safe === '') return true;
  if (/<img\b/i.test(safe)) return false;
  return safe.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ').trim() === '';
}
