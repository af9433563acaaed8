/**
 * The newer-version front end's frames (§1 "one frame per registered path"): a route whose Component is
 * `@erp/frames#Frame` carries Props `{"src": "<absolute URL>"}` (the server makes seeded relative paths
 * absolute). The frame loads only an absolute http(s) URL whose origin is one of the configured
 * `ShellConfig.frames` origins; anything else is refused with a reason the screen can show.
 */
import type { ShellConfig } from '@erp/shared';
import { httpOrigin } from './steel.ts';

export type FrameSource =
  | { kind: 'ok'; src: string; origin: string }
  /** No `src` in the route's Props. */
  | { kind: 'missing' }
  /** `src` is not an absolute http(s) URL. */
  | { kind: 'invalid'; src: string }
  /** `src` is on an origin the configuration does not list. */
  | { kind: 'not-allowed'; origin: string };

/** The configured origins of the newer-version front end, normalized. */
export function allowedFrameOrigins(config: Pick<ShellConfig, 'frames'> | null | undefined): string[] {
  return (config?.frames ?? []).map((entry) => httpOrigin(entry?.origin)).filter((origin): origin is string => !!origin);
}

export function frameSource(routeProps: Record<string, unknown>, allowedOrigins: readonly string[]): FrameSource {
  const raw = routeProps.src;
  if (typeof raw !== 'string' || raw.trim() === '') return { kind: 'missing' };
  const src = raw.trim();
  const origin = httpOrigin(src);
  if (!origin) return { kind: 'invalid', src };
  if (!allowedOrigins.includes(origin)) return { kind: 'not-allowed', origin };
  return { kind: 'ok', src: new URL(src).href, origin };
}

/** The frame's accessible title: the route Meta's title when it has one. */
export function frameTitle(meta: Record<string, unknown>): string | null {
  const title = meta.title;
  return typeof title === 'string' && title.trim() ? title.trim() : null;
}
