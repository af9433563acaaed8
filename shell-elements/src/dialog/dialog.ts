import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import { ModalController, tabbableElements } from '../controllers/modal-controller.ts';
import { emit } from '../events.ts';
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

/**
 * Keyboard: on opening, focus goes to the first `primary` action (else the first action); Tab and
 * Shift+Tab cycle through the slotted content's controls and the buttons; Escape fires `{ id: 'cancel' }`;
 * on closing, focus returns to the element focused before. A press on the backdrop does nothing (a stray
 * click must not answer a question).
 *
 * @summary A modal dialog for messages and decisions: Save / Discard / Stay, confirmations, the portal's
 * "Error" modal (§8), About (with `<erp-about>` in the default slot). Built on the native `<dialog>` with
 * `showModal()`: the page behind is inert and focus stays in the dialog. A pure view: it opens and closes
 * with `open` only — every button and Escape fire `erp-dialog-action`, and the owner sets `open = false`.
 *
 * @fires erp-dialog-action - `{ id }`: the action with that id was pressed; `{ id: 'cancel' }` for Escape
 *   (and for the Close button shown when `actions` is empty).
 *
 * @slot - richer content under the message (e.g. `<erp-about>`).
 *
 * @csspart base - the native `<dialog>` (its backdrop colour is `--erp-dialog-backdrop`).
 * @csspart panel - the box inside the dialog.
 * @csspart heading - the `<h2>` heading.
 * @csspart message - the message paragraph.
 * @csspart body - the wrapper of the slotted content.
 * @csspart actions - the button row.
 * @csspart action - every action button; also `action-primary`, `action-danger` or `action-default`.
 * @csspart action-primary - buttons of variant `primary`.
 * @csspart action-danger - buttons of variant `danger`.
 * @csspart action-default - buttons of variant `default` (or none).
 *
 * @cssproperty --erp-dialog-width - dialog width (default min(32rem, 92vw)).
 * @cssproperty --erp-dialog-bg - panel background.
 * @cssproperty --erp-dialog-fg - panel text colour.
 * @cssproperty --erp-dialog-backdrop - colour over the page behind the dialog.
 * @cssproperty --erp-dialog-primary-bg - primary button background.
 * @cssproperty --erp-dialog-primary-fg - primary button text colour.
 * @cssproperty --erp-dialog-danger-bg - danger button background.
 * @cssproperty --erp-dialog-danger-fg - danger button text colour.
 * @cssproperty --erp-dialog-focus-ring - focus outline colour.
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

  protected readonly modal = new ModalController(this, {
    dialog: () => this.renderRoot?.querySelector('dialog'),
    isOpen: () => this.open,
    onCancel: () => this.answer('cancel'),
    initialFocus: () => this.initialButton(),
    tabbables: () => this.tabStops(),
  });

  constructor() {
    super();
    this.open = false;
    this.heading = '';
    this.message = '';
    this.actions = [];
  }

  /** The buttons to render: the given actions, or the Close button. */
  private get buttons(): DialogAction[] {
    const actions = Array.isArray(this.actions) ? this.actions : [];
    return actions.length ? actions : [{ id: 'cancel', label: t('dialog.close'), variant: 'primary' }];
  }

  protected override updated(_changed: PropertyValues<this>): void {
    this.modal.sync();
  }

  protected override render(): TemplateResult {
    return html`
      <dialog
        part="base"
        class="dialog"
        aria-labelledby="heading"
        aria-describedby=${this.message ? 'message' : nothing}
        @keydown=${this.modal.handleKeyDown}
        @cancel=${this.modal.handleCancel}
        @close=${this.modal.handleClose}
      >
        <div class="panel" part="panel">
          <h2 id="heading" class="heading" part="heading">${this.heading}</h2>
          ${this.message ? html`<p id="message" class="message" part="message">${this.message}</p>` : nothing}
          <div class="body" part="body"><slot></slot></div>
          <div class="actions" part="actions">
            ${this.buttons.map((action) => {
              const variant = action.variant ?? 'default';
              return html`<button
                type="button"
                class=${`action ${variant}`}
                part=${`action action-${variant}`}
                data-id=${action.id}
                @click=${() => this.answer(action.id)}
              >
                ${action.label}
              </button>`;
            })}
          </div>
        </div>
      </dialog>
    `;
  }

  // ---- behaviour ---------------------------------------------------------------------------------------

  private answer(id: string): void {
    emit(this, 'erp-dialog-action', { id });
  }

  // ---- helpers -----------------------------------------------------------------------------------------

  private actionButtons(): HTMLButtonElement[] {
    return [...this.renderRoot.querySelectorAll<HTMLButtonElement>('.actions button')];
  }

  private initialButton(): HTMLButtonElement | undefined {
    const buttons = this.actionButtons();
    const primary = this.buttons.findIndex((action) => action.variant === 'primary');
    return buttons[Math.max(0, primary)];
  }

  /** Tab order inside the dialog: the slotted content's controls, then the buttons. */
  private tabStops(): HTMLElement[] {
    const slot = this.renderRoot.querySelector('slot');
    const slotted = (slot?.assignedElements({ flatten: true }) ?? []).flatMap((element) => tabbableElements(element));
    return [...slotted, ...this.actionButtons()];
  }
}

if (!customElements.get('erp-dialog')) customElements.define('erp-dialog', ErpDialog);

declare global {
  interface HTMLElementTagNameMap {
    'erp-dialog': ErpDialog;
  }
}
