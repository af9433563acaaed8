/**
 * Test support: initialise the page's i18n from the real locale files (served by the test runner from the
 * repository root at `/locales/<lng>/shell.json`) and switch languages.
 */
import { i18n, initI18n, type SupportedLocale } from '@erp/shared';

export async function useLocale(locale: SupportedLocale = 'en-CA'): Promise<void> {
  await initI18n({ baseUrl: '', locale, namespaces: ['shell'] });
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  if (!i18n.hasLoadedNamespace('shell')) throw new Error(`shell translations for ${locale} did not load`);
}
