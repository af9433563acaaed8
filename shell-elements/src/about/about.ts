import { html, LitElement, nothing, type TemplateResult } from 'lit';
import type { TenantInfo } from '@erp/shared';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import { resetStyles } from '../styles/reset.styles.ts';
import { chromeHostStyles } from '../styles/chrome.styles.ts';
import styles from './about.styles.ts';

/** One component and its version, e.g. `{ name: 'Shell', version: '1.4.2' }`. */
export interface AboutVersion {
  name: string;
  version: string;
}

/** One keyboard shortcut: `keys` such as `Ctrl+K` (each key shown in `<kbd>`), `description` already translated. */
export interface AboutShortcut {
  keys: string;
  description: string;
}

/**
 * @summary The content of the About dialog (put it in `<erp-dialog>`'s slot): the environment (release,
 * database server, database — §2's tenant info), the versions of the components and the keyboard shortcuts,
 * each under its own heading. A pure view with no events. The component and shortcut sections are left out
 * when their lists are empty; the environment shows "not available" for what `tenant` lacks.
 *
 * @csspart base - the wrapper of the sections.
 * @csspart section - every section; also `environment`, `versions` or `shortcuts`.
 * @csspart environment - the environment section (a description list).
 * @csspart versions - the components section (a table).
 * @csspart shortcuts - the keyboard shortcuts section (a table).
 * @csspart heading - every section heading (`<h3>`).
 * @csspart key - every `<kbd>` key.
 *
 * @cssproperty --erp-about-fg - text colour.
 * @cssproperty --erp-about-muted-fg - terms and table headers.
 * @cssproperty --erp-about-border - lines between rows.
 * @cssproperty --erp-about-key-bg - background of the keys.
 * @cssproperty --erp-about-font - font family.
 * @cssproperty --erp-about-font-size - base font size (default 13px).
 */
export class ErpAbout extends LitElement {
  static override styles = [resetStyles, chromeHostStyles('about', 1.4), styles];

  static override properties = {
    tenant: { attribute: false },
    versions: { attribute: false },
    shortcuts: { attribute: false },
    customer: { type: Boolean },
  };

  /** Release (`releaseNumber`), database server and database of the environment; null: not known. */
  declare tenant: TenantInfo | null;
  /** The components and their versions, in the order to show them. */
  declare versions: AboutVersion[];
  /** The keyboard shortcuts, in the order to show them. */
  declare shortcuts: AboutShortcut[];
  /**
   * A portal customer is reading: the environment shows the release only, never the tenant's database server
   * or database (issue 16: portal customers never see the tenant's database details).
   */
  declare customer: boolean;

  protected readonly i18n = new I18nController(this);

  constructor() {
    super();
    this.tenant = null;
    this.versions = [];
    this.shortcuts = [];
    this.customer = false;
  }

  protected override render(): TemplateResult {
    return html`<div class="about" part="base">
      ${this.renderEnvironment()} ${this.renderVersions()} ${this.renderShortcuts()}
    </div>`;
  }

  private renderEnvironment(): TemplateResult {
    const unknown = t('environment.unknown');
    const rows: [string, string | undefined][] = [
      [t('about.release'), this.tenant?.releaseNumber],
      ...(this.customer
        ? []
        : ([
            [t('about.server'), this.tenant?.server],
            [t('about.database'), this.tenant?.database],
          ] as [string, string | undefined][])),
    ];
    return html`<section class="section" part="section environment" aria-labelledby="about-environment">
      <h3 id="about-environment" class="heading" part="heading">${t('about.environment')}</h3>
      <dl class="facts">
        ${rows.map(
          ([term, value]) => html`<div class="fact">
            <dt>${term}</dt>
            <dd class=${value ? '' : 'unknown'}>${value || unknown}</dd>
          </div>`,
        )}
      </dl>
    </section>`;
  }

  private renderVersions(): TemplateResult | typeof nothing {
    const versions = Array.isArray(this.versions) ? this.versions : [];
    if (versions.length === 0) return nothing;
    return html`<section class="section" part="section versions" aria-labelledby="about-versions">
      <h3 id="about-versions" class="heading" part="heading">${t('about.components')}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">${t('about.component')}</th>
            <th scope="col">${t('about.version')}</th>
          </tr>
        </thead>
        <tbody>
          ${versions.map(
            (item) => html`<tr>
              <th scope="row">${item.name}</th>
              <td class="version">${item.version}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
  }

  private renderShortcuts(): TemplateResult | typeof nothing {
    const shortcuts = Array.isArray(this.shortcuts) ? this.shortcuts : [];
    if (shortcuts.length === 0) return nothing;
    return html`<section class="section" part="section shortcuts" aria-labelledby="about-shortcuts">
      <h3 id="about-shortcuts" class="heading" part="heading">${t('about.shortcuts')}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">${t('about.keys')}</th>
            <th scope="col">${t('about.action')}</th>
          </tr>
        </thead>
        <tbody>
          ${shortcuts.map(
            (shortcut) => html`<tr>
              <th scope="row" class="keys">${this.renderKeys(shortcut.keys)}</th>
              <td>${shortcut.description}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
  }

  /** `Ctrl+Shift+K` → <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>K</kbd>; a lone `+` stays a key. */
  private renderKeys(keys: string): TemplateResult {
    const parts = String(keys ?? '')
      .split(/(?<=\S)\s*\+\s*(?=\S)/)
      .filter((part) => part.length > 0);
    return html`<kbd class="combo">${parts.map(
      (part, index) => html`${index > 0 ? '+' : ''}<kbd class="key" part="key">${part}</kbd>`,
    )}</kbd>`;
  }
}

if (!customElements.get('erp-about')) customElements.define('erp-about', ErpAbout);

declare global {
  interface HTMLElementTagNameMap {
    'erp-about': ErpAbout;
  }
}
