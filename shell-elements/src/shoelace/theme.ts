/**
 * The chrome's Shoelace theme: Shoelace's light theme (its design tokens on `:root`), then the product's
 * tokens (`--erp-*`, root-config/src/shell.css) mapped onto Shoelace's custom properties, so a Shoelace
 * dialog, menu or tooltip looks like the rest of the shell. On a plain intranet page (the standalone bundle)
 * the `--erp-*` tokens are usually absent and the fallbacks below apply.
 *
 * Both are constructed style sheets adopted by the document (allowed by the shell's CSP, which refuses
 * inline `<style>`); adopting twice is a no-op.
 */
import lightTheme from '@shoelace-style/shoelace/dist/themes/light.css?inline';

/** Product tokens → Shoelace tokens. Shoelace's primary scale is the product accent. */
export const PRODUCT_TOKENS = `
:root {
  --sl-font-sans: var(--erp-font, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif);
  --sl-color-primary-50: color-mix(in srgb, var(--erp-accent, #1d4e89) 8%, white);
  --sl-color-primary-100: color-mix(in srgb, var(--erp-accent, #1d4e89) 16%, white);
  --sl-color-primary-200: color-mix(in srgb, var(--erp-accent, #1d4e89) 32%, white);
  --sl-color-primary-300: color-mix(in srgb, var(--erp-accent, #1d4e89) 50%, white);
  --sl-color-primary-400: color-mix(in srgb, var(--erp-accent, #1d4e89) 72%, white);
  --sl-color-primary-500: color-mix(in srgb, var(--erp-accent, #1d4e89) 88%, white);
  --sl-color-primary-600: var(--erp-accent, #1d4e89);
  --sl-color-primary-700: color-mix(in srgb, var(--erp-accent, #1d4e89) 85%, black);
  --sl-color-primary-800: color-mix(in srgb, var(--erp-accent, #1d4e89) 70%, black);
  --sl-color-primary-900: color-mix(in srgb, var(--erp-accent, #1d4e89) 55%, black);
  --sl-color-primary-950: color-mix(in srgb, var(--erp-accent, #1d4e89) 40%, black);
  --sl-color-danger-600: var(--erp-danger, #ab091e);
  --sl-color-danger-700: color-mix(in srgb, var(--erp-danger, #ab091e) 85%, black);
  --sl-color-neutral-700: var(--erp-text, #1f2933);
  --sl-input-border-color: var(--erp-border, #cbd2d9);
  --sl-panel-border-color: var(--erp-border, #cbd2d9);
  --sl-focus-ring-color: var(--erp-focus, #f0b429);
  --sl-focus-ring-width: 2px;
  --sl-border-radius-medium: 4px;
  --sl-font-size-medium: 14px;
  /* Above the top bar (1000) and, for dialogs, above the loading overlay (§9: 1041). */
  --sl-z-index-dropdown: 1030;
  --sl-z-index-dialog: 1050;
  --sl-z-index-tooltip: 1070;
}
`;

let adopted = false;

/** Adopts Shoelace's light theme and the product tokens into `doc` (once). */
export function adoptShoelaceTheme(doc: Document): void {
  if (adopted) return;
  adopted = true;
  const sheets = [lightTheme, PRODUCT_TOKENS].map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, ...sheets];
}
