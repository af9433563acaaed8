/** The UI language: initial value from the culture cookie (§5, §9) and the top bar's language change. */
import {
  SUPPORTED_LOCALES,
  api,
  bus,
  clearMenuCache,
  i18n,
  storeLocale,
  type Application,
  type RouteDefinition,
  type SupportedLocale,
} from '@erp/shared';

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
  await Promise.all([saved, rereadNames()]);
}

/**
 * Issue 16 item 3: application names, menu names and tab titles come from the server in the caller's
 * language (every call sends it), so they are read again after a switch: the menus on their next load
 * (the workspace reloads the active application's at once when the routes arrive), applications and
 * routes now. A failed call keeps the names shown (its §8 alert says so).
 */
async function rereadNames(): Promise<void> {
  if (!bus.session$.value) return;
  clearMenuCache();
  const [applications, routes] = await Promise.all([
    api.get<Application[]>('shell/applications').catch(() => null),
    api.get<RouteDefinition[]>('shell/routes', undefined, { quiet: true }).catch(() => null),
  ]);
  if (Array.isArray(applications)) bus.applications$.next(applications);
  if (Array.isArray(routes)) bus.routes$.next(routes);
}
