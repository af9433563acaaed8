/**
 * The language a call is answered in (§9; issue 40 item 9: no English in a French or Chinese screen).
 *
 * The shell sends its current UI language as `Accept-Language` with every call (shared/src/api.ts); the UI
 * language follows the culture cookie and the language menu, so it can differ from the language stored on the
 * users row (another browser, a cookie set before sign-in). Every answer — names, §8 messages, dates in
 * messages — follows the call's language when it is one of the product's, else the stored one, else en-CA.
 *
 * Contract: `acceptedLanguage(header)` → the first product language of an Accept-Language header (q-values in
 * the given order), or null. `productLanguage(tag)` → the product language a tag names exactly (any case).
 */

/** §9 / i18n SUPPORTED_LOCALES: en-CA is the language the catalog is written in. */
export const PRODUCT_LANGUAGES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'] as const;
export type ProductLanguage = (typeof PRODUCT_LANGUAGES)[number];

export function productLanguage(tag: string | null | undefined): ProductLanguage | null {
  if (!tag) return null;
  const wanted = tag.trim().toLowerCase();
  return PRODUCT_LANGUAGES.find((language) => language.toLowerCase() === wanted) ?? null;
}

export function acceptedLanguage(header: string | string[] | undefined): ProductLanguage | null {
  if (!header) return null;
  const ranked = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = productLanguage(entry.tag);
    if (language) return language;
  }
  return null;
}
