/**
 * What the chrome's bars and panels (erp-top-bar, erp-menu-bar, erp-tab-bar, erp-banner, erp-about) share,
 * written once (issue 20). Each element keeps its own custom properties, the theming API of §9:
 * `--erp-<name>-font` and `--erp-<name>-font-size` (defaults: the chrome's font stack at 13px) and, for the
 * focus ring, `--erp-<name>-focus-ring`. The element's own sheet comes after these and adds its colours.
 */
import { css, unsafeCSS, type CSSResult } from 'lit';

/** The chrome's font stack: the system UI font, then the CJK faces the Chinese locales need (§8). */
const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', sans-serif";

type ChromeElement = 'top-bar' | 'menu-bar' | 'tab-bar' | 'banner' | 'about';

/** The host: a block in the element's font (`--erp-<name>-font`, `--erp-<name>-font-size`). */
export function chromeHostStyles(name: ChromeElement, lineHeight: number): CSSResult {
  const prefix = unsafeCSS(`--erp-${name}`);
  return css`
    :host {
      ${prefix}-font: ${unsafeCSS(FONT_STACK)};
      ${prefix}-font-size: 13px;

      display: block;
      font-family: var(${prefix}-font);
      font-size: var(${prefix}-font-size);
      line-height: ${lineHeight};
    }
  `;
}

/** The keyboard focus ring inside the element, in its `--erp-<name>-focus-ring` colour. */
export function focusRingStyles(name: ChromeElement): CSSResult {
  return css`
    :focus-visible {
      outline: 2px solid var(${unsafeCSS(`--erp-${name}-focus-ring`)});
      outline-offset: -2px;
    }
  `;
}

/** `.visually-hidden`: text for assistive technology only (live regions, descriptions), out of the layout. */
export const visuallyHiddenStyles = css`
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
