import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import styles from './loading-overlay.styles.ts';

/**
 * The owner decides when it is active (e.g. `bus.loading$` > 0) — the element only shows it.
 *
 * @summary The §4 loading indicator: a fixed overlay over the whole page (z-index 1041, §9) with a spinner,
 * shown while `active`. It blocks pointer input to the page beneath while shown.
 *
 * @csspart base - the `role="progressbar"` element holding the spinner.
 * @csspart spinner - the spinning ring.
 *
 * @cssproperty --erp-loading-overlay-backdrop - backdrop colour over the page.
 * @cssproperty --erp-loading-overlay-color - the ring's moving segment.
 * @cssproperty --erp-loading-overlay-track - the ring's track.
 * @cssproperty --erp-loading-overlay-size - spinner diameter (default 44px).
 * @cssproperty --erp-loading-overlay-delay - time before the overlay fades in (default 150ms), so short
 *   requests do not flash it.
 */
export class ErpLoadingOverlay extends LitElement {
  static override styles = styles;

  static override properties = {
    active: { type: Boolean, reflect: true },
  };

  /** Shows the overlay (attribute `active`, reflected); hidden (`display: none`) otherwise. */
  declare active: boolean;

  protected readonly i18n = new I18nController(this);

  constructor() {
    super();
    this.active = false;
  }

  protected override render(): TemplateResult | typeof nothing {
    if (!this.active) return nothing;
    const label = t('loading.label');
    return html`
      <div part="base" role="progressbar" aria-busy="true" aria-label=${label}>
        <div class="spinner" part="spinner"></div>
      </div>
    `;
  }
}

if (!customElements.get('erp-loading-overlay')) customElements.define('erp-loading-overlay', ErpLoadingOverlay);

declare global {
  interface HTMLElementTagNameMap {
    'erp-loading-overlay': ErpLoadingOverlay;
  }
}
