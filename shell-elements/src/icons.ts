/** The chrome's icons (16 × 16, decorative: hidden from assistive technology, the control names itself). */
import { html } from 'lit';

export const closeIcon = html`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" fill="none" />
</svg>`;
export const chevronDownIcon = html`<svg class="chevron" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
  <path d="M3.5 6l4.5 4.5L12.5 6" stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round" />
</svg>`;
export const appsIcon = html`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
  <rect x="1.5" y="1.5" width="3.5" height="3.5" rx="0.6" /><rect x="6.25" y="1.5" width="3.5" height="3.5" rx="0.6" />
  <rect x="11" y="1.5" width="3.5" height="3.5" rx="0.6" /><rect x="1.5" y="6.25" width="3.5" height="3.5" rx="0.6" />
  <rect x="6.25" y="6.25" width="3.5" height="3.5" rx="0.6" /><rect x="11" y="6.25" width="3.5" height="3.5" rx="0.6" />
  <rect x="1.5" y="11" width="3.5" height="3.5" rx="0.6" /><rect x="6.25" y="11" width="3.5" height="3.5" rx="0.6" />
  <rect x="11" y="11" width="3.5" height="3.5" rx="0.6" />
</svg>`;
export const globeIcon = html`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
  <circle cx="8" cy="8" r="6.25" stroke="currentColor" stroke-width="1.4" fill="none" />
  <path d="M1.75 8h12.5M8 1.75c1.8 1.9 2.6 3.9 2.6 6.25S9.8 12.35 8 14.25M8 1.75C6.2 3.65 5.4 5.65 5.4 8s.8 4.35 2.6 6.25"
    stroke="currentColor" stroke-width="1.2" fill="none" />
</svg>`;
export const userIcon = html`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
  <circle cx="8" cy="5" r="3" /><path d="M2 14.5c0-3.3 2.7-5 6-5s6 1.7 6 5z" />
</svg>`;
