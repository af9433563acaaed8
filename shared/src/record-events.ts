/**
 * Live records in the browser (issue 42 items 2 and 3): one event stream per page, opened by the root config once
 * signed in (`startRecordEvents`), its events on the bus (`bus.records$`, `bus.presence$`), and the records the
 * page's screens show (`showRecord`), which the server tells the other users about (presence).
 *
 * The stream (server/src/events/routes.ts): EventSource sends no Authorization header, so each connection is
 * opened with a one-use ticket asked for by an authenticated POST (DPoP like every call). On any error the
 * EventSource is closed and a new ticket asked for after a back-off (1 s, doubling to 30 s), naming the last event
 * id seen so the server replays what was missed (or sends `reset`: every screen reloads what it shows).
 *
 * `<html data-live-events="open">` while the stream is open ("closed" after an error, until it is open again).
 *
 * Screens:
 * - `recordEvents(entity)`: an Observable of the events of one entity (resets included, as `{ reset: true }`).
 * - `showRecord(entity, id)`: a handle whose `editing(flag)` says a form holds typed changes, and `close()`;
 *   `presenceOf(entity, id)`: the other users showing it (live).
 */
import { filter, map, type Observable } from 'rxjs';
import { api, apiUrl } from './api.ts';
import { bus } from './bus.ts';

export type RecordChangeKind = 'created' | 'changed' | 'deleted';

/** One record change as the server sends it (server/src/events/hub.ts RecordEvent). */
export interface RecordEvent {
  Entity: string;
  /** Null: some records of the entity changed (many at once, or not named). */
  Id: string | null;
  Kind: RecordChangeKind;
  By: string | null;
  ByName: string | null;
  /** ISO time of the commit. */
  At: string;
}

/** What `bus.records$` carries: a batch of changes, or a reset (events may have been missed). */
export interface RecordEvents {
  events: readonly RecordEvent[];
  reset: boolean;
}

export interface PresenceUser {
  UserId: string;
  Name: string;
  Editing: boolean;
}

export interface RecordPresence {
  Entity: string;
  Id: string;
  Users: readonly PresenceUser[];
}

const MAX_BACKOFF_MS = 30_000;

let source: EventSource | null = null;
let stream: string | null = null;
let lastEventId: string | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let backoff = 1000;
let running = false;
/** Records shown, with how many screens show each and whether any edits it. */
const shown = new Map<string, { entity: string; id: string; screens: Map<number, boolean> }>();
const latestPresence = new Map<string, readonly PresenceUser[]>();
let nextScreen = 1;
let presenceTimer: ReturnType<typeof setTimeout> | null = null;

const keyOf = (entity: string, id: string) => `${entity}\u0000${id}`;

/** Opens the stream (again after errors) until `stopRecordEvents`. Safe to call twice. */
export function startRecordEvents(): void {
  if (running || typeof EventSource === 'undefined') return;
  running = true;
  void connect();
}

export function stopRecordEvents(): void {
  running = false;
  if (retry) clearTimeout(retry);
  retry = null;
  source?.close();
  source = null;
  stream = null;
}

async function connect(): Promise<void> {
  if (!running) return;
  try {
    const answer = await api.post<{ Data: { Ticket: string } }>('events/ticket', {}, { background: true, quiet: true });
    if (!running) return;
    const url = apiUrl('events/stream', { ticket: answer.Data.Ticket, ...(lastEventId ? { last: lastEventId } : {}) });
    const opened = new EventSource(url);
    source = opened;
    opened.addEventListener('ready', (event) => {
      stream = (JSON.parse((event as MessageEvent<string>).data) as { Stream: string }).Stream;
      backoff = 1000;
      // For diagnostics and tests: whether this page is live.
      document.documentElement.dataset['liveEvents'] = 'open';
      if (lastEventId === null) lastEventId = (event as MessageEvent).lastEventId || null;
      sendPresence();
    });
    opened.addEventListener('records', (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      bus.records$.next({ events: (JSON.parse(message.data) as { Events: RecordEvent[] }).Events, reset: false });
    });
    opened.addEventListener('reset', () => bus.records$.next({ events: [], reset: true }));
    // Issue 70: the provider session ended (signed out in another tab or on a page embedding the elements).
    opened.addEventListener('signed-out', () => {
      stopRecordEvents();
      bus.sessionEnded$.next();
    });
    opened.addEventListener('presence', (event) => {
      const presence = JSON.parse((event as MessageEvent<string>).data) as RecordPresence;
      latestPresence.set(keyOf(presence.Entity, presence.Id), presence.Users);
      bus.presence$.next(presence);
    });
    opened.addEventListener('error', () => {
      if (source !== opened) return;
      document.documentElement.dataset['liveEvents'] = 'closed';
      opened.close();
      source = null;
      stream = null;
      schedule();
    });
  } catch {
    schedule();
  }
}

function schedule(): void {
  if (!running || retry) return;
  retry = setTimeout(() => {
    retry = null;
    void connect();
  }, backoff);
  backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
}

/** The records the page shows, to the server (whole set; debounced a little so a tab switch sends once). */
function sendPresence(): void {
  if (presenceTimer) clearTimeout(presenceTimer);
  presenceTimer = setTimeout(() => {
    presenceTimer = null;
    if (!stream) return;
    const Records = [...shown.values()].slice(0, 50).map((record) => ({ Entity: record.entity, Id: record.id, Editing: [...record.screens.values()].some(Boolean) }));
    void api.post('events/presence', { Stream: stream, Records }, { background: true, quiet: true }).catch(() => undefined);
  }, 50);
}

/** Events of one entity (and resets, as `{ reset: true }` with no events). */
export function recordEvents(entity: string): Observable<RecordEvents> {
  return bus.records$.pipe(
    map((batch) => ({ reset: batch.reset, events: batch.events.filter((event) => event.Entity === entity) })),
    filter((batch) => batch.reset || batch.events.length > 0),
  );
}

/** A screen shows a record (presence): `editing(true)` once it holds typed changes; `close()` when it stops. */
export function showRecord(entity: string, id: string): { editing(flag: boolean): void; close(): void } {
  const key = keyOf(entity, id);
  const screen = nextScreen++;
  const entry = shown.get(key) ?? { entity, id, screens: new Map<number, boolean>() };
  entry.screens.set(screen, false);
  shown.set(key, entry);
  sendPresence();
  return {
    editing(flag) {
      if (entry.screens.get(screen) === flag || !entry.screens.has(screen)) return;
      entry.screens.set(screen, flag);
      sendPresence();
    },
    close() {
      entry.screens.delete(screen);
      if (entry.screens.size === 0) {
        shown.delete(key);
        latestPresence.delete(key);
      }
      sendPresence();
    },
  };
}

/** The other users showing a record, now and as it changes. */
export function presenceOf(entity: string, id: string): { current: readonly PresenceUser[]; changes: Observable<readonly PresenceUser[]> } {
  return {
    current: latestPresence.get(keyOf(entity, id)) ?? [],
    changes: bus.presence$.pipe(
      filter((presence) => presence.Entity === entity && presence.Id === id),
      map((presence) => presence.Users),
    ),
  };
}
