/**
 * The resets every chrome element starts from: `hidden` hides the host, borders count in sizes, buttons
 * take the element's font and colour. Each element adds its own custom properties and focus ring.
 */
import { css } from 'lit';

export const resetStyles = css`
  :host([hidden]) {
    display: none;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  button {
    font: inherit;
    color: inherit;
  }
`;
