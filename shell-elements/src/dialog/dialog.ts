import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import { emit } from '../events.ts';
import { loadShoelace, shoelaceReady } from '../shoelace/shoelace.ts';
import styles from './dialog.styles.ts';

/** One button of `<erp-dialog>`. */
export interface DialogAction {
  /** What `erp-dialog-action` reports, e.g. `save`, `discard`, `stay`, `ok`. (`cancel` is Escape's.) */
  id: string;
  /** The button text, already translated by the caller. */
  label: string;
  /** `primary` (the default choice, focused on opening), `danger` (destructive) or `default`. */
  variant?: 'primary' | 'danger' | 'default';
}

/** The parts of `<sl-dialog>` and `<sl-button>` this element uses. */
interface SlDialogElement extends HTMLElement {
  open: boolean;
  panel?: HTMLElement;
}

/** The element focused deepest inside shadow roots (to give focus back to it after closing). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

/**
 * Keyboard: on opening, focus goes to the first `primary` action (else the first action); Tab and
 * Shift+Tab stay inside the dialog (the slotted content's controls and the buttons); Escape fires
 * `{ id: 'cancel' }`; on closing, focus returns to the element focused before. A press on the backdrop does
 * nothing (a stray click must not answer a question).
 *
 * @summary A modal dialog for messages and decisions: Save / Discard / Stay, confirmations, the portal's
 * "Error" modal (§8), About (with `<erp-about>` in the default slot), Change Password. Built on Shoelace's
 * `<sl-dialog>` and `<sl-button>` (issue 16), loaded the first time a dialog opens — never at boot. A pure
 * view: it opens and closes with `open` only — every button and Escape fire `erp-dialog-action`, and the
 * owner sets `open = false`.
 *
 * @fires erp-dialog-action - `{ id }`: the action with that id was pressed; `{ id: 'cancel' }` for Escape
 *   (and for the Close button shown when `actions` is empty).
 *
 * @slot - richer content under the message (e.g. `<erp-about>`).
 *
 * @csspart base - the `<sl-dialog>`.
 * @csspart panel - the box inside the dialog.
 * @csspart heading - the `<h2>` heading.
 * @csspart message - the message paragraph.
 * @csspart body - the wrapper of the slotted content.
 * @csspart actions - the button row.
 * @csspart action - every action button (`<sl-button>`); also `action-primary`, `action-danger` or `action-default`.
 * @csspart action-primary - buttons of variant `primary`.
 * @csspart action-danger - buttons of variant `danger`.
 * @csspart action-default - buttons of variant `default` (or none).
 *
 * @cssproperty --erp-dialog-width - dialog width (default min(32rem, 92vw)).
 * @cssproperty --erp-dialog-bg - panel background.
 * @cssproperty --erp-dialog-fg - panel text colour.
 * @cssproperty --erp-dialog-backdrop - colour over the page behind the dialog.
 * @cssproperty --erp-dialog-font - font family.
 * @cssproperty --erp-dialog-font-size - base font size (default 14px).
 */
export class ErpDialog extends LitElement {
  static override styles = styles;

  static override properties = {
    open: { type: Boolean, reflect: true },
    heading: {},
    message: {},
    actions: { attribute: false },
  };

  /** Shows the dialog as a modal; set it back to false once an `erp-dialog-action` is handled. */
  declare open: boolean;
  /** The dialog's heading and accessible name (required), e.g. `Error`. */
  declare heading: string;
  /** The message under the heading; line breaks are kept. Empty: no message paragraph. */
  declare message: string;
  /** The buttons in order: `{ id, label, variant? }`. Empty: a single Close button (`{ id: 'cancel' }`). */
  declare actions: DialogAction[];

  protected readonly i18n = new I18nController(this);

  /** Where focus was before the dialog opened. */
  private returnFocusTo: HTMLElement | null = null;

  constructor() {
    super();
    this.open = false;
    this.heading = '';
    this.message = '';
    this.actions = [];
  }

  /** Settles once an open dialog is shown (Shoelace loaded, show animation done); at once when closed. */
  whenShown(): Promise<void> {
    const dialog = this.slDialog;
    if (!this.open) return Promise.resolve();
    return loadShoelace('dialog', 'button').then(async () => {
      await this.updateComplete;
      const shown = this.slDialog ?? dialog;
      if (shown && !shown.matches('[data-shown]')) {
        await new Promise<void>((resolve) => shown.addEventListener('sl-after-show', () => resolve(), { once: true }));
      }
    });
  }

  /** The buttons to render: the given actions, or the Close button. */
  private get buttons(): DialogAction[] {
    const actions = Array.isArray(this.actions) ? this.actions : [];
    return actions.length ? actions : [{ id: 'cancel', label: t('dialog.close'), variant: 'primary' }];
  }

  private get slDialog(): SlDialogElement | null {
    return this.renderRoot?.querySelector<SlDialogElement>('sl-dialog') ?? null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('open') && this.open) {
      this.returnFocusTo = deepActiveElement();
      // Shoelace is loaded on first use; the dialog opens once it is defined.
      if (!shoelaceReady('dialog') || !shoelaceReady('button')) {
        void loadShoelace('dialog', 'button').then(() => this.requestUpdate());
      }
    }
  }

  protected override firstUpdated(): void {
    // Never open on the first render: <sl-dialog> created open skips its show (no focus, no events).
    if (this.open) this.requestUpdate();
  }

  protected override updated(): void {
    // The panel is named by the heading (sl-dialog's label) and described by the message.
    const panel = this.slDialog?.shadowRoot?.querySelector<HTMLElement>('[part~="panel"]');
    const message = this.renderRoot.querySelector<HTMLElement>('#message');
    if (panel && 'ariaDescribedByElements' in panel) {
      (panel as HTMLElement & { ariaDescribedByElements: Element[] | null }).ariaDescribedByElements = message ? [message] : null;
    }
  }

  protected override render(): TemplateResult {
    const ready = shoelaceReady('dialog') && shoelaceReady('button');
    const variants = { primary: 'primary', danger: 'danger', default: 'default' } as const;
    return html`
      <sl-dialog
        part="base"
        class="dialog"
        no-header
        label=${this.heading}
        ?open=${this.open && ready && this.hasUpdated}
        @sl-request-close=${this.handleRequestClose}
        @sl-initial-focus=${this.handleInitialFocus}
        @sl-show=${this.handleShow}
        @sl-after-show=${this.handleAfterShow}
        @sl-after-hide=${this.handleAfterHide}
      >
        <div class="panel" part="panel">
          <h2 id="heading" class="heading" part="heading">${this.heading}</h2>
          ${this.message ? html`<p id="message" class="message" part="message">${this.message}</p>` : nothing}
          <div class="body" part="body"><slot></slot></div>
          <div class="actions" part="actions">
            ${this.buttons.map((action) => {
              const variant = action.variant ?? 'default';
              return html`<sl-button
                class=${`action ${variant}`}
                part=${`action action-${variant}`}
                variant=${variants[variant] ?? 'default'}
                size="small"
                data-id=${action.id}
                @click=${() => this.answer(action.id)}
                >${action.label}</sl-button
              >`;
            })}
          </div>
        </div>
      </sl-dialog>
    `;
  }

  // ---- behaviour ---------------------------------------------------------------------------------------

  private answer(id: string): void {
    emit(this, 'erp-dialog-action', { id });
  }

  /** Escape asks the owner (cancel); a press on the backdrop does nothing. The dialog never closes itself. */
  private readonly handleRequestClose = (event: CustomEvent<{ source: string }>): void => {
    event.preventDefault();
    if (event.detail.source === 'keyboard') this.answer('cancel');
  };

  private readonly handleInitialFocus = (event: Event): void => {
    event.preventDefault();
    this.initialButton()?.focus();
  };

  private readonly handleShow = (event: Event): void => {
    if (event.target === this.slDialog) this.makeScrollingBodyReachable();
  };

  private readonly handleAfterShow = (event: Event): void => {
    if (event.target !== this.slDialog) return;
    this.slDialog?.setAttribute('data-shown', '');
    this.makeScrollingBodyReachable();
  };

  /**
   * Content taller than the dialog (About on a short window) scrolls inside the body: the body is then a Tab
   * stop named by the heading, so keyboard users can scroll it (WCAG 2.1.1; axe scrollable-region-focusable).
   */
  private makeScrollingBodyReachable(): void {
    const body = this.renderRoot.querySelector<HTMLElement>('.body');
    if (!body) return;
    if (body.scrollHeight > body.clientHeight + 1) {
      body.tabIndex = 0;
      body.setAttribute('role', 'region');
      body.setAttribute('aria-label', this.heading);
    } else {
      body.removeAttribute('tabindex');
      body.removeAttribute('role');
      body.removeAttribute('aria-label');
    }
  }

  private readonly handleAfterHide = (event: Event): void => {
    const dialog = this.slDialog;
    if (!dialog || event.target !== dialog) return;
    if (this.open && dialog.open) {
      this.afterHideWhileReopened(dialog);
      return;
    }
    dialog.removeAttribute('data-shown');
    const target = this.returnFocusTo;
    this.returnFocusTo = null;
    if (target?.isConnected) target.focus();
  };

  /**
   * The shell asks its next question right after an answer (e.g. Escape, then closing an application tab), so
   * the element can reopen while `<sl-dialog>`'s hide animation still runs. The new show cancels that
   * animation, but the rest of the hide still runs afterwards: it hides the dialog's box (`hidden`) and gives
   * focus back to the opener, leaving an open question that cannot be seen or reached. Undo both: the dialog
   * stays open, Escape and the buttons keep working throughout.
   */
  private afterHideWhileReopened(dialog: SlDialogElement): void {
    const base = dialog.shadowRoot?.querySelector<HTMLElement>('[part~="base"]');
    if (base) base.hidden = false;
    // After Shoelace's own focus return (a timeout queued before sl-after-hide).
    setTimeout(() => {
      if (this.open && dialog.open) this.initialButton()?.focus();
    });
  }

  // ---- helpers -----------------------------------------------------------------------------------------

  private initialButton(): HTMLElement | undefined {
    const buttons = [...this.renderRoot.querySelectorAll<HTMLElement>('.actions sl-button')];
    const primary = this.buttons.findIndex((action) => action.variant === 'primary');
    return buttons[Math.max(0, primary)];
  }
}

if (!customElements.get('erp-dialog')) customElements.define('erp-dialog', ErpDialog);

declare global {
  interface HTMLElementTagNameMap {
    'erp-dialog': ErpDialog;
  }
}
