import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import { emit } from '../events.ts';
import { closeIcon } from '../icons.ts';
import { resetStyles } from '../styles/reset.styles.ts';
import { chromeHostStyles, visuallyHiddenStyles } from '../styles/chrome.styles.ts';
import styles from './banner.styles.ts';

/** How serious a banner's message is. */
export type BannerKind = 'error' | 'warning' | 'info';

const KINDS: readonly BannerKind[] = ['error', 'warning', 'info'];

const icons: Record<BannerKind, TemplateResult> = {
  error: html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <circle cx="8" cy="8" r="7" /><path d="M8 4v5" stroke="#fff" stroke-width="1.8" stroke-linecap="round" />
    <circle cx="8" cy="11.6" r="1" fill="#fff" />
  </svg>`,
  warning: html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M8 1.2L15.2 14.5H0.8z" /><path d="M8 6v4" stroke="#fff" stroke-width="1.6" stroke-linecap="round" />
    <circle cx="8" cy="12.3" r="0.9" fill="#fff" />
  </svg>`,
  info: html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <circle cx="8" cy="8" r="7" /><path d="M8 7v4.5" stroke="#fff" stroke-width="1.8" stroke-linecap="round" />
    <circle cx="8" cy="4.5" r="1" fill="#fff" />
  </svg>`,
};

/**
 * @summary An unobtrusive message strip (e.g. "Your session has expired", a failed background load): a
 * live region — `role="status"`, or `role="alert"` for errors — so the message is announced without taking
 * focus. The kind is also said in words (visually hidden) and shown by an icon, never by colour alone. A
 * pure view: it shows while `open`; closed, it takes no space (the live region stays in place, empty, so
 * the next message is announced).
 *
 * @fires erp-banner-close - the dismiss button was pressed (only shown when `dismissible`); the owner sets
 *   `open = false`.
 *
 * @csspart base - the live region strip.
 * @csspart icon - the kind's icon.
 * @csspart message - the message text.
 * @csspart dismiss - the dismiss button.
 *
 * @cssproperty --erp-banner-error-bg - background of an error.
 * @cssproperty --erp-banner-error-fg - text colour of an error.
 * @cssproperty --erp-banner-warning-bg - background of a warning.
 * @cssproperty --erp-banner-warning-fg - text colour of a warning.
 * @cssproperty --erp-banner-info-bg - background of an information.
 * @cssproperty --erp-banner-info-fg - text colour of an information.
 * @cssproperty --erp-banner-font - font family.
 * @cssproperty --erp-banner-font-size - base font size (default 13px).
 */
export class ErpBanner extends LitElement {
  static override styles = [resetStyles, chromeHostStyles('banner', 1.35), visuallyHiddenStyles, styles];

  static override properties = {
    open: { type: Boolean, reflect: true },
    kind: { reflect: true },
    message: {},
    dismissible: { type: Boolean },
  };

  /** Shows the banner. */
  declare open: boolean;
  /** `error` (announced assertively, `role="alert"`), `warning` or `info` (`role="status"`); default `info`. */
  declare kind: BannerKind;
  /** The text, already translated by the caller. */
  declare message: string;
  /** Shows a dismiss button firing `erp-banner-close` (default false: the owner decides when it goes). */
  declare dismissible: boolean;

  protected readonly i18n = new I18nController(this);

  constructor() {
    super();
    this.open = false;
    this.kind = 'info';
    this.message = '';
    this.dismissible = false;
  }

  private get safeKind(): BannerKind {
    return KINDS.includes(this.kind) ? this.kind : 'info';
  }

  protected override render(): TemplateResult {
    const kind = this.safeKind;
    const shown = this.open && !!this.message;
    return html`<div class=${`strip ${kind}${shown ? ' shown' : ''}`} part="base" role=${kind === 'error' ? 'alert' : 'status'}>
      ${shown
        ? html`<span class="icon-wrap" part="icon">${icons[kind]}</span>
            <span class="visually-hidden">${t(`banner.${kind}`)}: </span>
            <span class="message" part="message">${this.message}</span>
            ${this.dismissible
              ? html`<button
                  type="button"
                  class="dismiss"
                  part="dismiss"
                  aria-label=${t('banner.dismiss')}
                  title=${t('banner.dismiss')}
                  @click=${this.handleDismiss}
                >
                  ${closeIcon}
                </button>`
              : nothing}`
        : nothing}
    </div>`;
  }

  private readonly handleDismiss = (): void => {
    emit(this, 'erp-banner-close', null);
  };
}

if (!customElements.get('erp-banner')) customElements.define('erp-banner', ErpBanner);

declare global {
  interface HTMLElementTagNameMap {
    'erp-banner': ErpBanner;
  }
}
