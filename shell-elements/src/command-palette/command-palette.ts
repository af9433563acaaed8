import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import { ModalController } from '../controllers/modal-controller.ts';
import { emit } from '../events.ts';
import { filterPaletteEntries, PALETTE_LIMIT, SCREENS_WITH_RECORDS, type PaletteEntry, type PaletteRecord } from './palette-filter.ts';
import styles from './command-palette.styles.ts';

const searchIcon = html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
  <circle cx="7" cy="7" r="4.5" stroke="currentColor" stroke-width="1.6" fill="none" />
  <path d="M10.5 10.5L14 14" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
</svg>`;

/**
 * Keyboard: focus goes to the search field on opening (and back to the previously focused element on
 * closing); ArrowDown / ArrowUp move the highlight (wrapping; `aria-activedescendant`), Enter chooses,
 * Escape asks to close. Tab stays in the dialog.
 *
 * @summary The command palette: a modal search over every place the user can go (screens of all
 * applications, applications themselves). Typing filters `entries` by label, description, application and
 * keywords (what users call a screen: its menu's `Keywords`, declared by its module, issue 40 item 2) — ignoring case and accents, every word must
 * match — screens not in this release after the others, and shows at most 50 matches with their count; the
 * arrow keys move through them and Enter goes to the highlighted one. A pure view: it opens and closes with
 * `open` only; the owner sets `open = false` on `erp-palette-close` (and decides the shortcut opening it).
 * Issue 42 item 1 (global search): every change of the text fires `erp-palette-query`; the owner answers the
 * records found as `records` (documents, firms, products, employees …), shown after the screens (then at most
 * 8 screens) in groups headed by their kind and module; Enter on a record fires `erp-open-record`.
 *
 * @fires erp-navigate - `{ path }`: an entry was chosen (Enter or click); `erp-palette-close` follows.
 * @fires erp-palette-query - `{ query }`: the text changed (also '' on opening).
 * @fires erp-open-record - `{ path, recordId }`: a record was chosen; `erp-palette-close` follows.
 * @fires erp-palette-close - the palette asks to close: after a choice, on Escape, or on a press outside it.
 *
 * @csspart base - the native `<dialog>` (its backdrop colour is `--erp-command-palette-backdrop`).
 * @csspart panel - the box inside the dialog.
 * @csspart input - the search field (`role="combobox"`).
 * @csspart count - the number of matches (a polite live region).
 * @csspart listbox - the `role="listbox"` of matches.
 * @csspart option - every match; the highlighted one also has `option-active`.
 * @csspart option-active - the highlighted match.
 * @csspart group - the heading of a group of records (kind · module).
 * @csspart hint - the keyboard hint under the list.
 *
 * @cssproperty --erp-command-palette-width - dialog width (default min(40rem, 92vw)).
 * @cssproperty --erp-command-palette-bg - panel background.
 * @cssproperty --erp-command-palette-fg - panel text colour.
 * @cssproperty --erp-command-palette-muted-fg - descriptions, count and hint.
 * @cssproperty --erp-command-palette-active-bg - highlighted match background.
 * @cssproperty --erp-command-palette-accent - highlighted match marker and focus ring.
 * @cssproperty --erp-command-palette-backdrop - colour over the page behind the dialog.
 * @cssproperty --erp-command-palette-font - font family.
 * @cssproperty --erp-command-palette-font-size - base font size (default 14px).
 */
export class ErpCommandPalette extends LitElement {
  static override styles = styles;

  static override properties = {
    open: { type: Boolean, reflect: true },
    entries: { attribute: false },
    records: { attribute: false },
    query: { state: true },
    activeIndex: { state: true },
  };

  /** Shows the palette as a modal dialog; set it back to false on `erp-palette-close`. */
  declare open: boolean;
  /** Every place to search: `{ id, label, description, path, application }`. */
  declare entries: PaletteEntry[];
  /** The records found for the current text (the owner's answer to `erp-palette-query`), grouped by entity. */
  declare records: PaletteRecord[];
  /** The text typed in the search field (emptied each time the palette opens). */
  private declare query: string;
  /** Index of the highlighted match among those shown. */
  private declare activeIndex: number;

  protected readonly i18n = new I18nController(this);

  protected readonly modal = new ModalController(this, {
    dialog: () => this.renderRoot?.querySelector('dialog'),
    isOpen: () => this.open,
    onCancel: () => this.requestClose(),
    initialFocus: () => this.input(),
  });

  /** Every entry matching the query, best first. */
  private results: PaletteEntry[] = [];
  /** The language the results were found in (keywords are the language's). */
  private filteredIn: string | null = null;

  constructor() {
    super();
    this.open = false;
    this.entries = [];
    this.records = [];
    this.query = '';
    this.activeIndex = 0;
  }

  /** The records answered, when they are an array. */
  private get found(): PaletteRecord[] {
    return Array.isArray(this.records) ? this.records : [];
  }

  /** The screens shown (at most PALETTE_LIMIT; SCREENS_WITH_RECORDS beside records). */
  private get shown(): PaletteEntry[] {
    return this.results.slice(0, this.found.length > 0 ? SCREENS_WITH_RECORDS : PALETTE_LIMIT);
  }

  /** Every option, screens then records: what the arrow keys move through. */
  private get options(): ({ screen: PaletteEntry } | { record: PaletteRecord })[] {
    return [...this.shown.map((screen) => ({ screen })), ...this.found.map((record) => ({ record }))];
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('open') && this.open) {
      this.query = '';
      this.activeIndex = 0;
      this.records = [];
    }
    if (changed.has('entries') || changed.has('query') || changed.has('open') || this.filteredIn !== this.i18n.language) {
      this.filteredIn = this.i18n.language;
      const entries = Array.isArray(this.entries) ? this.entries : [];
      this.results = filterPaletteEntries(entries, this.query);
    }
    if (changed.has('query') || changed.has('records')) this.activeIndex = 0;
    this.activeIndex = Math.min(Math.max(0, this.activeIndex), Math.max(0, this.options.length - 1));
  }

  protected override updated(changed: PropertyValues): void {
    this.modal.sync();
    if (changed.has('activeIndex') || changed.has('query')) {
      this.renderRoot
        .querySelector(`#${this.optionId(this.activeIndex)}`)
        ?.scrollIntoView?.({ block: 'nearest' });
    }
  }

  protected override render(): TemplateResult {
    const shown = this.shown;
    const records = this.found;
    const total = this.results.length;
    const count = shown.length + records.length;
    const active = count ? this.activeIndex : -1;
    return html`
      <dialog
        part="base"
        class="dialog"
        aria-label=${t('palette.label')}
        @keydown=${this.handleKeyDown}
        @cancel=${this.modal.handleCancel}
        @close=${this.modal.handleClose}
        @click=${this.handleDialogClick}
      >
        <div class="panel" part="panel">
          <div class="search">
            ${searchIcon}
            <input
              part="input"
              class="input"
              type="text"
              role="combobox"
              autocomplete="off"
              spellcheck="false"
              aria-label=${t('palette.input')}
              placeholder=${t('palette.placeholder')}
              aria-autocomplete="list"
              aria-expanded=${count ? 'true' : 'false'}
              aria-controls=${count ? 'palette-results' : nothing}
              aria-activedescendant=${active >= 0 ? this.optionId(active) : nothing}
              aria-describedby="palette-hint"
              .value=${this.query}
              @input=${this.handleInput}
            />
          </div>
          <p class="count" part="count" role="status">${this.countText(shown.length, total, records.length)}</p>
          ${count
            ? html`<div id="palette-results" class="listbox" part="listbox" role="listbox" aria-label=${t('palette.results')}>
                ${shown.map((entry, index) => this.renderOption(entry, index, index === active))}
                ${this.renderRecords(records, shown.length, active)}
              </div>`
            : nothing}
          <p id="palette-hint" class="hint" part="hint">${t('palette.hint')}</p>
        </div>
      </dialog>
    `;
  }

  private renderOption(entry: PaletteEntry, index: number, active: boolean): TemplateResult {
    return html`<div
      id=${this.optionId(index)}
      class="option"
      part=${active ? 'option option-active' : 'option'}
      role="option"
      aria-selected=${active ? 'true' : 'false'}
      aria-description=${entry.unavailable ? t('palette.notInRelease') : nothing}
      @click=${() => this.choose(entry)}
      @pointermove=${() => this.highlight(index)}
    >
      <span class="option-label">${entry.label}</span>
      <span class="option-application">${entry.application}</span>
      ${entry.description ? html`<span class="option-description">${entry.description}</span>` : nothing}
      ${entry.unavailable
        ? html`<span class="option-release" part="option-release" aria-hidden="true">${t('palette.notInRelease')}</span>`
        : nothing}
    </div>`;
  }

  /** The records in groups of one kind (`role="group"` named by its heading: kind · module). */
  private renderRecords(records: readonly PaletteRecord[], offset: number, active: number): TemplateResult[] {
    const groups: { first: number; records: PaletteRecord[] }[] = [];
    records.forEach((record, index) => {
      const last = groups[groups.length - 1];
      if (last && last.records[0]!.entity === record.entity) last.records.push(record);
      else groups.push({ first: index, records: [record] });
    });
    return groups.map((group, at) => {
      const head = group.records[0]!;
      return html`<div class="group" role="group" aria-labelledby=${`palette-group-${at}`}>
        <div id=${`palette-group-${at}`} class="group-label" part="group" role="presentation">
          ${head.kind}<span class="option-application"> · ${head.application}</span>
        </div>
        ${group.records.map((record, index) => this.renderRecord(record, offset + group.first + index, offset + group.first + index === active))}
      </div>`;
    });
  }

  private renderRecord(record: PaletteRecord, index: number, active: boolean): TemplateResult {
    return html`<div
      id=${this.optionId(index)}
      class="option record"
      part=${active ? 'option option-active' : 'option'}
      role="option"
      aria-selected=${active ? 'true' : 'false'}
      @click=${() => this.chooseRecord(record)}
      @pointermove=${() => this.highlight(index)}
    >
      <span class="option-label">${record.number}${record.name ? html` <span class="record-name">${record.name}</span>` : nothing}</span>
    </div>`;
  }

  private countText(shown: number, total: number, records = 0): string {
    if (total + records === 0) return t('palette.empty');
    if (shown < total) return t('palette.limited', { shown: shown + records, total: total + records });
    return t('palette.count', { count: total + records });
  }

  // ---- behaviour ---------------------------------------------------------------------------------------

  private readonly handleInput = (event: Event): void => {
    this.query = (event.target as HTMLInputElement).value;
    emit(this, 'erp-palette-query', { query: this.query });
  };

  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    const count = this.options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (count) this.highlight((this.activeIndex + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      case 'Enter': {
        if (event.isComposing) return;
        event.preventDefault();
        const option = this.options[this.activeIndex];
        if (option && 'screen' in option) this.choose(option.screen);
        else if (option) this.chooseRecord(option.record);
        return;
      }
      default:
        this.modal.handleKeyDown(event);
    }
  };

  /** A press on the backdrop (the dialog element itself, outside its box) asks to close. */
  private readonly handleDialogClick = (event: MouseEvent): void => {
    const dialog = event.currentTarget as HTMLDialogElement;
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) this.requestClose();
  };

  private highlight(index: number): void {
    this.activeIndex = index;
  }

  private choose(entry: PaletteEntry): void {
    emit(this, 'erp-navigate', { path: entry.path });
    this.requestClose();
  }

  private chooseRecord(record: PaletteRecord): void {
    emit(this, 'erp-open-record', { path: record.path, recordId: record.recordId });
    this.requestClose();
  }

  private requestClose(): void {
    emit(this, 'erp-palette-close', null);
  }

  // ---- helpers -----------------------------------------------------------------------------------------

  private optionId(index: number): string {
    return `palette-option-${index}`;
  }

  private input(): HTMLInputElement | null {
    return this.renderRoot?.querySelector<HTMLInputElement>('input') ?? null;
  }
}

if (!customElements.get('erp-command-palette')) customElements.define('erp-command-palette', ErpCommandPalette);

declare global {
  interface HTMLElementTagNameMap {
    'erp-command-palette': ErpCommandPalette;
  }
}
