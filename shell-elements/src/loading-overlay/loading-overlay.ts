import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { afterPress } from '@erp/shared';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import styles from './loading-overlay.styles.ts';

/**
 * The owner decides when it is active (e.g. `bus.loading$` > 0) — the element only shows it.
 *
 * @summary The §4 loading indicator: a fixed overlay over the whole page (z-index 1041, §9) with a spinner,
 * shown while `active`. It blocks pointer input to the page beneath once shown — not during its fade-in
 * delay (`--erp-loading-overlay-delay`), while it is still invisible: a click that starts a request (a grid
 * filter applied when its field loses focus, a tab pressed right after typing) must reach what was clicked,
 * not an overlay nobody sees yet (issue 16: "no click on a tab is ever lost"). A press already under way when
 * the delay ends (pointer down, not yet up) is let finish first: blocking starts after its click, so the
 * release does not land on the overlay and lose the click that was aimed before it showed.
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

  private blockTimer: ReturnType<typeof setTimeout> | undefined;
  private blockFrame = 0;
  /** Cancels a start of blocking still waiting for a press to end (`afterPress`). */
  private cancelBlock: () => void = () => {};

  constructor() {
    super();
    this.active = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopBlocking();
  }

  private stopBlocking(): void {
    cancelAnimationFrame(this.blockFrame);
    clearTimeout(this.blockTimer);
    this.cancelBlock();
    this.cancelBlock = () => {};
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (!changed.has('active')) return;
    this.stopBlocking();
    if (!this.active) {
      this.removeAttribute('blocking');
      return;
    }
    // Pointer input is blocked once the overlay starts to show (the `blocking` attribute; styles) — after a press
    // already under way then. The delay is read in the next animation frame, where the page's styles are computed
    // anyway: read at once, it computed them in the middle of the boot's DOM work (issue 69 item 3: 27 ms of a
    // portal boot's long task in a trace), and again for the frame.
    const since = performance.now();
    this.blockFrame = requestAnimationFrame(() => {
      this.blockTimer = setTimeout(
        () => {
          this.cancelBlock = afterPress(() => this.setAttribute('blocking', ''));
        },
        Math.max(0, this.delayMs() - (performance.now() - since)),
      );
    });
  }

  /** The fade-in delay in milliseconds, from `--erp-loading-overlay-delay` (`150ms`, `0.2s`). */
  private delayMs(): number {
    const value = getComputedStyle(this).getPropertyValue('--erp-loading-overlay-delay').trim();
    const match = /^(-?[\d.]+)(ms|s)$/.exec(value);
    if (!match) return 150;
    const amount = Number(match[1]) * (match[2] === 's' ? 1000 : 1);
    return Number.isFinite(amount) && amount > 0 ? amount : 0;
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
