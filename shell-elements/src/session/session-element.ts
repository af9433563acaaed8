import { connect, type EmbedSession, type EmbedSessionState } from './embed-session.ts';

/**
 * @summary Signs the page's user in with the product and feeds the page's elements, as the shell does (issue 70):
 * every `<erp-top-bar>` gets `signed-in`, `user-name` and `applications`; every `<erp-portal-badge>` with
 * `data-erp-badge="notifications"` or `"cart"` gets its count, live. The top bar's Log in and Log out call
 * `signIn()` / `signOut()`; choosing an application opens the shell at it in a new tab. No content of its own.
 *
 * Only in the standalone bundle (`/elements/shell-elements.standalone.js`): inside the shell, the shell is the owner.
 * The page's origin must be allowed by the server (Shell › Security › Embedding Origins).
 *
 * @fires erp-session-change - on `document`, whenever the session changes; `detail` is the `state`.
 */
export class ErpSession extends HTMLElement {
  static get observedAttributes(): string[] {
    return ['server'];
  }

  /** The session once connected. */
  session: EmbedSession | null = null;

  /** The product's address (attribute `server`); default: where the bundle came from. */
  get server(): string | null {
    return this.getAttribute('server');
  }

  set server(value: string | null) {
    if (value === null) this.removeAttribute('server');
    else this.setAttribute('server', value);
  }

  /** The session as the elements show it. */
  get state(): EmbedSessionState | null {
    return this.session?.state ?? null;
  }

  private readonly onLogin = () => void this.session?.signIn();
  private readonly onLogout = () => void this.session?.signOut();
  private readonly onNavigate = (event: Event) => {
    const path = (event as CustomEvent<{ path: string }>).detail?.path;
    if (!this.session || typeof path !== 'string' || !path.startsWith('/')) return;
    window.open(`${this.session.server}/#${path}`, '_blank', 'noopener');
  };

  connectedCallback(): void {
    this.hidden = true;
    document.addEventListener('erp-login', this.onLogin);
    document.addEventListener('erp-logout', this.onLogout);
    document.addEventListener('erp-navigate', this.onNavigate);
    void connect(this.server ? { server: this.server } : {}).then((session) => {
      this.session = session;
      session.addEventListener('change', () => feedElements(session.state));
      feedElements(session.state);
    });
  }

  disconnectedCallback(): void {
    document.removeEventListener('erp-login', this.onLogin);
    document.removeEventListener('erp-logout', this.onLogout);
    document.removeEventListener('erp-navigate', this.onNavigate);
  }
}

/** Sets the page's elements from the session (what root-config does in the shell). */
export function feedElements(state: EmbedSessionState): void {
  for (const bar of document.querySelectorAll('erp-top-bar')) {
    Object.assign(bar, { signedIn: state.signedIn, userName: state.userName, applications: state.applications, customer: state.portal });
  }
  for (const badge of document.querySelectorAll<HTMLElement>('erp-portal-badge[data-erp-badge]')) {
    const which = badge.dataset['erpBadge'];
    if (which === 'notifications' || which === 'cart') Object.assign(badge, { count: state.badges[which] });
  }
}

if (!customElements.get('erp-session')) customElements.define('erp-session', ErpSession);

declare global {
  interface HTMLElementTagNameMap {
    'erp-session': ErpSession;
  }
  interface GlobalEventHandlersEventMap {
    'erp-session-change': CustomEvent<EmbedSessionState>;
  }
}
