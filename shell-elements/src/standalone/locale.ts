/** Which supported locale a page's language tag means (for the standalone bundle's `<html lang>`). */
import { SUPPORTED_LOCALES, type SupportedLocale } from '@erp/shared';

/**
 * The supported locale nearest to a BCP 47 tag, case-insensitively: an exact match first; then Chinese by
 * script or region (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO` → zh-TW; any other `zh` → zh-CN); then the first
 * supported locale of the same language (`fr`, `fr-FR` → fr-CA; `en-US` → en-CA). Null when none fits.
 */
export function matchLocale(tag: string | null | undefined): SupportedLocale | null {
  const wanted = (tag ?? '').trim().replace(/_/g, '-').toLowerCase();
  if (!wanted) return null;
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const [language, ...subtags] = wanted.split('-');
  if (language === 'zh') {
    return subtags.some((subtag) => ['hant', 'tw', 'hk', 'mo'].includes(subtag)) ? 'zh-TW' : 'zh-CN';
  }
  return SUPPORTED_LOCALES.find((locale) => locale.toLowerCase().startsWith(`${language}-`)) ?? null;
}
