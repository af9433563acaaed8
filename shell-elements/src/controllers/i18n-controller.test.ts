import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { i18n, SUPPORTED_LOCALES } from '@erp/shared';
import { useLocale } from '../testing/i18n.ts';
import { I18nController, SHELL_NAMESPACE, t } from './i18n-controller.ts';

class I18nProbe extends LitElement {
  renders = 0;
  protected readonly i18n = new I18nController(this);

  protected override render() {
    this.renders += 1;
    return html`<span>${t('tabs.home')}</span>`;
  }
}
customElements.define('erp-i18n-probe', I18nProbe);

// Completeness of every locale file (plural forms per language included) is checked once, for every
// namespace, by shared/src/locales.test.ts.

describe('I18nController and t()', () => {
  before(async () => {
    await useLocale('en-CA');
  });

  afterEach(async () => {
    if (i18n.language !== 'en-CA') await i18n.changeLanguage('en-CA');
  });

  it('translates keys of the shell namespace, with values', () => {
    expect(SHELL_NAMESPACE).to.equal('shell');
    expect(t('tabs.home')).to.equal('HOME');
    expect(t('tabs.close', { label: 'Payroll' })).to.equal('Close Payroll');
  });

  it('re-renders its host when the language changes, and stops once disconnected', async () => {
    await i18n.loadLanguages('zh-TW');
    const probe = await fixture<I18nProbe>(html`<erp-i18n-probe></erp-i18n-probe>`);
    const before = probe.renders;
    await i18n.changeLanguage('zh-TW');
    await probe.updateComplete;
    expect(probe.shadowRoot!.textContent).to.equal('首頁');
    expect(probe.renders).to.equal(before + 1);
    probe.remove();
    await i18n.changeLanguage('en-CA');
    await probe.updateComplete;
    expect(probe.renders).to.equal(before + 1);
  });

  it('keeps interpolation placeholders in every language', async () => {
    for (const locale of SUPPORTED_LOCALES) {
      await i18n.changeLanguage(locale);
      expect(t('tabs.close', { label: 'X-LABEL' }), locale).to.include('X-LABEL');
      expect(t('environment.server', { value: 'X-SERVER' }), locale).to.include('X-SERVER');
    }
  });
});
