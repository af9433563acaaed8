import { css, html, LitElement, nothing, type TemplateResult } from 'lit';
import { loadShoelace } from '../shoelace/shoelace.ts';

/**
 * @summary A count badge (the portal's notifications and cart numbers, §1), shown only when its count is
 * greater than 0 — at 0, below 0 or not a number it renders nothing and takes no space. A pure view usable
 * on any intranet page: the page sets `count` and a translated `label`; the badge's accessible text is
 * "<label>: <count>". Counts above 99 read "99+" (the full number stays in the accessible text).
 * The pill is Shoelace's `<sl-badge>` (issue 16), loaded when a badge is first shown; until then the same
 * pill is drawn by this element's own styles.
 *
 * @csspart badge - the status element holding the pill (`role="status"`, named "<label>: <count>").
 *
 * @cssproperty --erp-portal-badge-bg - background of the pill (default a strong red).
 * @cssproperty --erp-portal-badge-fg - text colour of the pill.
 */
export class ErpPortalBadge extends LitElement {
  static override styles = css`
    :host {
      --erp-portal-badge-bg: #b3261e;
      --erp-portal-badge-fg: #ffffff;
      display: inline-flex;
      vertical-align: middle;
    }
    :host([hidden]),
    :host(:not([visible])) {
      display: none;
    }
    sl-badge::part(base) {
      background: var(--erp-portal-badge-bg);
      color: var(--erp-portal-badge-fg);
      border-color: transparent;
      font: 600 0.75rem/1.4 system-ui, sans-serif;
    }
    /* Before Shoelace is loaded: the same pill. */
    sl-badge:not(:defined) {
      display: inline-block;
      min-width: 1.25em;
      padding: 0 0.4em;
      border-radius: 999px;
      background: var(--erp-portal-badge-bg);
      color: var(--erp-portal-badge-fg);
      font: 600 0.75rem/1.4 system-ui, sans-serif;
      text-align: center;
      box-sizing: border-box;
    }
  `;

  static override properties = {
    count: { type: Number },
    label: {},
    visible: { type: Boolean, reflect: true },
  };

  /** The number to show; the badge shows only when it is greater than 0. */
  declare count: number;
  /** What is counted, already translated (e.g. "Unread notifications"); part of the accessible text. */
  declare label: string;
  /** Reflects whether the badge is shown (count > 0); set by the element itself, read-only for pages. */
  declare visible: boolean;

  constructor() {
    super();
    this.count = 0;
    this.label = '';
    this.visible = false;
  }

  // True when `count` is a number greater than 0.
  private get shown(): boolean {
    return typeof this.count === 'number' && Number.isFinite(this.count) && this.count > 0;
  }

  protected override willUpdate(): void {
    this.visible = this.shown;
    if (this.visible) void loadShoelace('badge');
  }

  protected override render(): TemplateResult | typeof nothing {
    if (!this.shown) return nothing;
    const text = this.count > 99 ? '99+' : String(Math.floor(this.count));
    const spoken = this.label ? `${this.label}: ${Math.floor(this.count)}` : String(Math.floor(this.count));
    // The status (and its name) is this element's; Shoelace's pill inside is only what is seen.
    return html`<span class="badge" part="badge" role="status" aria-label=${spoken} title=${spoken}
      ><sl-badge variant="danger" pill aria-hidden="true">${text}</sl-badge></span
    >`;
  }
}

if (!customElements.get('erp-portal-badge')) customElements.define('erp-portal-badge', ErpPortalBadge);

declare global {
  interface HTMLElementTagNameMap {
    'erp-portal-badge': ErpPortalBadge;
  }
}
