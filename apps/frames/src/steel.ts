/**
 * The embedded steel order-entry frame (§2 "Embedded steel frame", §6, §7 "Other behaviour"): who may see
 * it and the messages exchanged with it. Pure functions, so the rules are unit-tested without a browser.
 *
 * ## Message contract between the shell and the steel order-entry page
 *
 * Shell → frame, once per `load` event of the iframe (the first load and any reload of the page inside):
 * ```
 * { name: 'VerifyReSteelSndUser', shellSub: { displayName: string, subjectId: string } }
 * ```
 * posted with `iframe.contentWindow.postMessage(message, steel.origin)`: the target origin is always the
 * exact configured steel origin, never `'*'`, so if the frame has navigated elsewhere the browser drops
 * the message instead of handing the user's identity to another site.
 *
 * Frame → shell (optional acknowledgement, as the demo partner page sends it):
 * ```
 * { name: 'ReSteelAck', received: string, subjectId?: string, at?: string }
 * ```
 * A message is considered only when `event.origin === steel.origin` AND `event.source` is this very
 * iframe's `contentWindow`; every other message (another origin, the shell page itself, another window
 * of the steel origin, another frame) is ignored without any effect.
 */
import { applicationForPath, normalizeRouterPath, type Application, type PartnerFrame, type Session } from '@erp/shared';

/** The route Component of the steel frame: its entry in `ShellConfig.partnerFrames` names it (`partnerFrameOf`). */
export const STEEL_FRAME_COMPONENT = '@erp/frames#SteelFrame';

export const VERIFY_MESSAGE = 'VerifyReSteelSndUser';
export const ACK_MESSAGE = 'ReSteelAck';

/** The user's shell subject, as the profile carries it (§3 sign-in user profile). */
export interface ShellSub {
  displayName: string;
  subjectId: string;
}

/** The message the shell posts to the steel frame once it has loaded. */
export interface VerifyReSteelSndUserMessage {
  name: typeof VERIFY_MESSAGE;
  shellSub: ShellSub;
}

/** The steel page's acknowledgement of a message it accepted. */
export interface ReSteelAck {
  name: typeof ACK_MESSAGE;
  /** Name of the message acknowledged. */
  received: string;
  /** For VerifyReSteelSndUser: the subject id the steel page took. */
  subjectId?: string;
  at?: string;
}

export function verifyMessage(shellSub: ShellSub): VerifyReSteelSndUserMessage {
  // A copy with exactly the two documented fields, whatever else the profile object holds.
  return { name: VERIFY_MESSAGE, shellSub: { displayName: shellSub.displayName, subjectId: shellSub.subjectId } };
}

/** The origin of an absolute http(s) URL, or null (relative, another scheme, malformed). */
export function httpOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Where the steel frame stands for this tab and this user. */
export type SteelAccess =
  /** Show the frame: load `frameUrl`, talk to `origin` only. */
  | { kind: 'allowed'; frameUrl: string; origin: string; shellSub: ShellSub }
  /** The configuration has no usable steel origin or page (the frame must not guess one). */
  | { kind: 'misconfigured' }
  /** The tab is not the steel path (the screen was registered on another route). */
  | { kind: 'wrong-path' }
  | { kind: 'signed-out' }
  /** §8 "Your session has expired. Please log out and log in again." */
  | { kind: 'expired' }
  /** The user's profile domain is not the steel company's. */
  | { kind: 'other-domain' };

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * §2: the frame is shown only when the route is the steel path, the session is live and not expired, and
 * the profile domain equals the configured steel company domain (both compared case-insensitively; an
 * empty domain never matches). The frame URL must be on the steel origin, since that origin is the only
 * one the shell talks to.
 */
export function steelAccess(
  steel: PartnerFrame | null | undefined,
  session: Session | null,
  path: string,
): SteelAccess {
  const origin = httpOrigin(steel?.origin);
  if (!steel || !origin || !steel.path) return { kind: 'misconfigured' };
  const frameUrl = steel.frameUrl?.trim() || `${origin}/`;
  if (httpOrigin(frameUrl) !== origin) return { kind: 'misconfigured' };
  if (normalizeRouterPath(path).toLowerCase() !== normalizeRouterPath(steel.path).toLowerCase()) {
    return { kind: 'wrong-path' };
  }
  if (!session) return { kind: 'signed-out' };
  if (session.expired) return { kind: 'expired' };
  const domain = session.profile.domain ?? '';
  if (!domain.trim() || !steel.domain?.trim() || !sameText(domain, steel.domain)) return { kind: 'other-domain' };
  return { kind: 'allowed', frameUrl, origin, shellSub: session.profile.shellSub };
}

/** What the steel screen offers when it is mounted on another route (Order Entry's ReSteel Orders, /novus-oe/resteel). */
export type SteelElsewhere =
  /** The user may open the steel screen: offer the way to `path`. */
  | { kind: 'elsewhere'; path: string }
  /** The profile domain fits, but the steel path's application is not one the user may open. */
  | { kind: 'no-application' }
  | { kind: 'misconfigured' }
  | { kind: 'signed-out' }
  | { kind: 'expired' }
  | { kind: 'other-domain' };

/**
 * Issue 39 item 4, no dead end: on another route the screen says whether this user may open the steel screen at its
 * own path — the same §2 rules as there (`steelAccess` at the steel path), and the path's application among those
 * the user may open (`applications`, bus.applications$) — so it can offer the way there, or say plainly why not.
 */
export function steelElsewhere(
  steel: PartnerFrame | null | undefined,
  session: Session | null,
  applications: readonly Application[],
): SteelElsewhere {
  const access = steelAccess(steel, session, steel?.path ?? '');
  if (access.kind === 'wrong-path') return { kind: 'misconfigured' };
  if (access.kind !== 'allowed') return { kind: access.kind };
  const path = normalizeRouterPath(steel!.path);
  return applicationForPath(applications, path) ? { kind: 'elsewhere', path } : { kind: 'no-application' };
}

/** True only for a message from the steel origin sent by this frame's own window. */
export function isFromSteelFrame(
  event: { origin: string; source: unknown },
  steelOrigin: string,
  frameWindow: Window | null | undefined,
): boolean {
  return !!frameWindow && event.source === frameWindow && event.origin === steelOrigin;
}

/** The acknowledgement in a message's data, or null when the data is something else. */
export function parseAck(data: unknown): ReSteelAck | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  if (record.name !== ACK_MESSAGE || typeof record.received !== 'string') return null;
  const ack: ReSteelAck = { name: ACK_MESSAGE, received: record.received };
  if (typeof record.subjectId === 'string') ack.subjectId = record.subjectId;
  if (typeof record.at === 'string') ack.at = record.at;
  return ack;
}

/** The conversation with the steel page, as the screen shows it. */
export type LinkState =
  /** The frame is loading; nothing posted yet. */
  | 'loading'
  /** VerifyReSteelSndUser posted; no acknowledgement yet (a page that never answers stays here). */
  | 'sent'
  /** The steel page acknowledged the user the shell sent. */
  | 'connected'
  /** The steel page acknowledged a different subject id than the one sent. */
  | 'mismatch';

/**
 * The link state after an accepted acknowledgement (other messages from the frame change nothing). A
 * mismatch stays until the frame loads again (the shell then posts afresh): a later "right" answer from
 * the same page does not make a wrong one forgotten.
 */
export function afterAck(state: LinkState, ack: ReSteelAck, subjectId: string): LinkState {
  if (ack.received !== VERIFY_MESSAGE || state === 'mismatch') return state;
  if (ack.subjectId !== undefined && ack.subjectId !== subjectId) return 'mismatch';
  return 'connected';
}
