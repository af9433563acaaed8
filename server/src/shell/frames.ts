/**
 * Frame routes (§1 "two embedded front ends are shown in frames", §2 "Embedded steel frame").
 *
 * A route whose Component is in the `@erp/frames` module is shown in an iframe instead of a React screen:
 * - `@erp/frames#SteelFrame` — the steel order-entry system at `/resteel-oe/resteel`. It takes no Props:
 *   the page URL, the exact origin to talk to and the company domain come from /shell-config.json
 *   (its `partnerFrames` entry: `frameUrl`, `origin`, `domain`).
 * - `@erp/frames#Frame` — a page of the newer-version front end, Props `{"src": "..."}`. "One frame per
 *   registered path" means one iframe per such route: the shell creates it when the route's menu tab
 *   opens and keeps it alive (hidden, never reloaded) while the tab stays open, like any screen.
 *
 * The seed stores `src` relative to the newer-version front end (`/novus/index.html#/sales-order-entry`)
 * so the same database works wherever that front end is deployed; `resolveFrameProps` turns it into an
 * absolute URL on the first NOVUS_FRONTEND_ORIGIN when GET api/shell/routes answers. Absolute `src`
 * values are left as they are (the Content-Security-Policy's frame-src still decides what may load).
 */

/** Module name of the frame components (resolved by the front end like any `<module>#<export>`). */
export const FRAMES_MODULE = '@erp/frames';
export const FRAME_COMPONENT = `${FRAMES_MODULE}#Frame`;
export const STEEL_FRAME_COMPONENT = `${FRAMES_MODULE}#SteelFrame`;

/** The newer-version front end's page; its hash carries the path of the screen to show. */
export const NOVUS_FRONTEND_PAGE = '/novus/index.html';

function isFrameComponent(component: string): boolean {
  return component.startsWith(`${FRAMES_MODULE}#`);
}

/** A path on the same origin: one leading slash (a `//host` would be protocol-relative: another origin). */
function isRelativePath(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\');
}

/**
 * Props of a route as the browser receives them: for a frame component whose `src` is a path, the same
 * JSON with `src` absolute on `baseOrigin`. Anything else (other components, no `src`, not JSON) is
 * answered unchanged.
 */
export function resolveFrameProps(component: string, props: string | null, baseOrigin: string): string | null {
  if (props === null || !isFrameComponent(component)) return props;
  let value: unknown;
  try {
    value = JSON.parse(props);
  } catch {
    return props;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return props;
  const src = (value as { src?: unknown }).src;
  if (typeof src !== 'string' || !isRelativePath(src)) return props;
  return JSON.stringify({ ...value, src: new URL(src, baseOrigin).href });
}
