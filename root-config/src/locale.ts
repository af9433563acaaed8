/** The UI language: initial value from the culture cookie (§5, §9) and the top bar's language change. */
import { SUPPORTED_LOCALES, api, bus, i18n, storeLocale, type SupportedLocale } from '@erp/shared';

export function isSupportedLocale(locale: string): locale is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(locale);
}

/** Publishes the current i18n language on the bus and the page. */
export function publishLanguage(): void {
  const language = i18n.language || 'en-CA';
  document.documentElement.lang = language;
  if (bus.language$.value !== language) bus.language$.next(language);
}

/**
 * Top bar language change: tell the server (`POST api/shell_init/locale`), write the culture cookie and
 * switch the page. The page switches even if the server call fails (the catalogue alert says so).
 */
export async function changeLanguage(locale: string): Promise<void> {
  if (!isSupportedLocale(locale) || locale === i18n.language) return;
  const saved = api.post('shell_init/locale', { locale }).catch(() => undefined);
  storeLocale(locale);
  await i18n.changeLanguage(locale);
  publishLanguage();
  await saved;
}
