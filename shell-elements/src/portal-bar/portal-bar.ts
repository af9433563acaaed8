import { css, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import '../portal-badges/portal-badge.ts';

/** One link of the portal navigation. */
export interface PortalBarLink {
  /** Hash path, e.g. `/portal/cart` (rendered as `#/portal/cart`). */
  path: string;
  /** Visible text, already translated. */
  label: string;
  /** Badge number (shown only when greater than 0). */
  count?: number;
  /** What the badge counts, already translated (its accessible text). */
  countLabel?: string;
}

/** §3: the logo types shown as they are; anything else is treated as PNG. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The logo's MIME type as it is shown (§3: anything other than pdf, png, jpeg, gif → png). */
export function logoDisplayType(type: string | null | undefined): string {
  const given = (type ?? '').trim().toLowerCase();
  return given === 'application/pdf' || IMAGE_TYPES.has(given) ? given : 'image/png';
}

/**
 * @summary The portal's navigation strip (§1 portal mode, §2 portal routes): the company logo, the links
 * Home, My Orders, Notifications and Cart (as plain hash links, so they work with the keyboard and in a new
 * tab) with their `<erp-portal-badge>` counts, and the selected account. A pure view: the shell sets every
 * property, already translated.
 *
 * The logo (§3 Company: base64 `logo` of `logoType`): PNG, JPEG and GIF are shown as an image; a PDF logo —
 * which the strict CSP does not let the page embed — is a link that opens the PDF in a new tab; no logo
 * shows the company name as text.
 *
 * @csspart base - the strip.
 * @csspart logo - the logo image, the PDF link or the company name.
 * @csspart nav - the `<nav>` holding the links.
 * @csspart link - each navigation link (also `link-active` for the current one).
 * @csspart link-active - the link of the current page.
 * @csspart account - the selected account text.
 *
 * @cssproperty --erp-portal-bar-bg - background of the strip.
 * @cssproperty --erp-portal-bar-fg - text colour.
 * @cssproperty --erp-portal-bar-accent - colour of the current link's underline and of focus rings.
 */
export class ErpPortalBar extends LitElement {
  static override styles = css`
    :host {
      --erp-portal-bar-bg: #f4f6f9;
      --erp-portal-bar-fg: #1d2733;
      --erp-portal-bar-accent: #0b5cad;
      display: block;
      /*
       * Issue 69 item 3 (CLS): one fixed height per layout, the one root-config's shell.css holds for the bar
       * before it exists (.erp-shell__top--portal: the top bar's 48px + this) — nothing under it moves.
       */
      box-sizing: border-box;
      min-height: 70px;
      background: var(--erp-portal-bar-bg);
      color: var(--erp-portal-bar-fg);
      font: 14px/1.4 system-ui, sans-serif;
      border-bottom: 1px solid #d5dbe3;
    }
    .base {
      display: flex;
      align-items: center;
      gap: 1.25rem;
      padding: 0.35rem 1rem;
      flex-wrap: wrap;
    }
    .logo {
      display: inline-flex;
      align-items: center;
      gap: 0.4rem;
      max-height: 40px;
      color: inherit;
      font-weight: 600;
    }
    img.logo {
      max-height: 40px;
      max-width: 180px;
      object-fit: contain;
    }
    nav ul {
      display: flex;
      gap: 0.25rem;
      list-style: none;
      margin: 0;
      padding: 0;
      flex-wrap: wrap;
    }
    /* Issue 69 item 1: 44 px touch targets; on a phone the links wrap under the logo, the account under them. */
    a.link {
      display: inline-flex;
      align-items: center;
      gap: 0.35rem;
      min-height: 44px;
      min-width: 44px;
      padding: 0.35rem 0.6rem;
      font-size: 15px;
      color: inherit;
      text-decoration: none;
      border-bottom: 2px solid transparent;
    }
    a.link:hover {
      text-decoration: underline;
    }
    a.link.active {
      border-bottom-color: var(--erp-portal-bar-accent);
      font-weight: 600;
    }
    a:focus-visible {
      outline: 2px solid var(--erp-portal-bar-accent);
      outline-offset: 2px;
    }
    .account {
      margin-left: auto;
      font-size: 0.9em;
    }
    /*
     * A phone (issue 69 item 1): one row — a small logo, then the links as a strip that scrolls sideways by
     * itself (the page never does; the current link is scrolled into view) — and the account under it.
     */
    @media (max-width: 40rem) {
      :host {
        min-height: 84px;
      }
      .base {
        flex-wrap: wrap;
        gap: 0 0.5rem;
        padding: 0.15rem 0.5rem 0.25rem;
      }
      /* The logo's place is kept while the company loads: the links beside it do not move (CLS). */
      .logo,
      img.logo {
        flex: none;
        width: 56px;
        max-height: 28px;
        max-width: 56px;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      nav {
        flex: 1 1 0;
        min-width: 0;
        overflow-x: auto;
        scrollbar-width: none;
      }
      nav ul {
        flex-wrap: nowrap;
        gap: 0;
      }
      a.link {
        padding: 0.35rem 0.5rem;
        white-space: nowrap;
      }
      .account {
        flex: 1 0 100%;
        margin-left: 0;
        font-size: 13px;
        /* Issue 69 item 3 (CLS): the account's line is there before the account is known. */
        min-height: calc(13px * 1.4);
      }
    }
  `;

  static override properties = {
    companyName: { attribute: 'company-name' },
    logo: {},
    logoType: { attribute: 'logo-type' },
    links: { attribute: false },
    activePath: { attribute: 'active-path' },
    account: {},
    navLabel: { attribute: 'nav-label' },
    pdfLogoLabel: { attribute: 'pdf-logo-label' },
  };

  /** §3 Company Name (the logo's alternative text). */
  declare companyName: string;
  /** §3 Company Logo, base64 (no `data:` prefix); empty or null for none. */
  declare logo: string | null;
  /** §3 LogoFileType: application/pdf, image/png, image/jpeg or image/gif; anything else is shown as PNG. */
  declare logoType: string;
  /** The navigation links, in order. */
  declare links: PortalBarLink[];
  /** The current hash path; the link with this path (case-insensitive) is marked current. */
  declare activePath: string;
  /** The selected account as text (e.g. "B100 · S101"), already formatted; empty hides it. */
  declare account: string;
  /** Accessible name of the navigation landmark, already translated. */
  declare navLabel: string;
  /** Text of the PDF logo link, already translated (e.g. "Company logo (PDF)"). */
  declare pdfLogoLabel: string;

  private pdfUrl: string | null = null;
  /** The animation frame that brings the current link into the strip (`updated`). */
  private scrollFrame = 0;

  constructor() {
    super();
    this.companyName = '';
    this.logo = null;
    this.logoType = 'image/png';
    this.links = [];
    this.activePath = '';
    this.account = '';
    this.navLabel = '';
    this.pdfLogoLabel = '';
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.releasePdf();
    cancelAnimationFrame(this.scrollFrame);
    this.scrollFrame = 0;
  }

  private releasePdf(): void {
    if (this.pdfUrl) URL.revokeObjectURL(this.pdfUrl);
    this.pdfUrl = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('logo') || changed.has('logoType')) {
      this.releasePdf();
      const logo = this.validLogo();
      if (logo && logoDisplayType(this.logoType) === 'application/pdf') {
        try {
          const bytes = Uint8Array.from(atob(logo), (c) => c.charCodeAt(0));
          this.pdfUrl = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
        } catch {
          this.pdfUrl = null;
        }
      }
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    // On a phone the links are a strip that scrolls sideways: the current one is brought into it — measured in the
    // next animation frame, where the page is laid out anyway: measured here, it laid out the page in the middle of
    // the portal's boot (122 ms of a long task in a trace, issue 69 item 3), and again for the frame.
    if ((changed.has('activePath') || changed.has('links')) && !this.scrollFrame) {
      this.scrollFrame = requestAnimationFrame(() => {
        this.scrollFrame = 0;
        const active = this.renderRoot.querySelector<HTMLElement>('a.link.active');
        const nav = this.renderRoot.querySelector<HTMLElement>('nav');
        if (active && nav && nav.scrollWidth > nav.clientWidth) {
          nav.scrollLeft = Math.max(0, active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2);
        }
      });
    }
  }

  private validLogo(): string | null {
    const logo = (this.logo ?? '').replace(/\s+/g, '');
    return logo && BASE64.test(logo) ? logo : null;
  }

  private renderLogo(): TemplateResult {
    const logo = this.validLogo();
    const type = logoDisplayType(this.logoType);
    if (logo && type === 'application/pdf' && this.pdfUrl) {
      return html`<a class="logo" part="logo" href=${this.pdfUrl} target="_blank" rel="noopener" data-logo-type=${type}
        ><svg viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M3 1h7l3 3v11H3z" fill="none" stroke="currentColor" stroke-width="1.2" />
          <path d="M10 1v3h3" fill="none" stroke="currentColor" stroke-width="1.2" /></svg
        >${this.companyName ? `${this.companyName} — ` : ''}${this.pdfLogoLabel || 'PDF'}</a
      >`;
    }
    if (logo && type !== 'application/pdf') {
      return html`<img class="logo" part="logo" src=${`data:${type};base64,${logo}`} alt=${this.companyName} data-logo-type=${type} />`;
    }
    return html`<span class="logo" part="logo">${this.companyName}</span>`;
  }

  protected override render(): TemplateResult {
    const active = this.activePath.toLowerCase();
    return html`<div class="base" part="base">
      ${this.renderLogo()}
      <nav part="nav" aria-label=${this.navLabel || nothing}>
        <ul>
          ${this.links.map((link) => {
            const current = link.path.toLowerCase() === active;
            return html`<li>
              <a
                class=${current ? 'link active' : 'link'}
                part=${current ? 'link link-active' : 'link'}
                href=${`#${link.path}`}
                aria-current=${current ? 'page' : nothing}
                data-path=${link.path}
                >${link.label}<erp-portal-badge .count=${link.count ?? 0} .label=${link.countLabel ?? link.label}></erp-portal-badge
              ></a>
            </li>`;
          })}
        </ul>
      </nav>
      <span class="account" part="account">${this.account ?? ''}</span>
    </div>`;
  }
}

if (!customElements.get('erp-portal-bar')) customElements.define('erp-portal-bar', ErpPortalBar);

declare global {
  interface HTMLElementTagNameMap {
    'erp-portal-bar': ErpPortalBar;
  }
}
