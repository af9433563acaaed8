/**
 * A record form live (issue 42): the record form and the document form show it.
 *
 * - Changed elsewhere: an event naming the shown record (or some records of its entity, or a reset) makes the form
 *   read the record's version in the background; a newer one than the form holds shows at once "Changed by Marie
 *   at 14:02" with Reload (discards typed changes: the user chose it) and Keep mine (the save then meets the
 *   version conflict as before). A deleted record says so. The user's own change from another tab says "Changed by
 *   you, in another tab" (the writer's id against the session's user, issue 71 item 2). The form's own save is not "elsewhere": events are
 *   ignored while it saves, and its answer brings the new version.
 * - Presence (item 3): the other users showing the record ("Also open by …"), and who of them is editing it — so
 *   the second person knows before typing. This form tells the server it is editing once it holds changes.
 *
 * Contract: `useLiveRecord({ entity, id, version, dirty, busy: () => saving })` → `{ changed, others, dismiss }`;
 * `<LiveRecordNotice live={…} onReload={…} tr={…} />` renders both (keyboard reachable buttons, a live region).
 */
import { useEffect, useRef, useState } from 'react';
import { api, bus, dateFormat, displayLocale, presenceOf, recordEvents, showRecord, type PresenceUser } from '@erp/shared';
import { FormButton } from './FormButton.tsx';
import type { Tr } from './text.ts';

export interface ChangedElsewhere {
  byName: string | null;
  at: string;
  deleted: boolean;
  /** The signed-in user's own change from another tab or window (compared by user id, never by name). */
  mine: boolean;
}

/** Whether an event's writer is the signed-in user (issue 71 item 2: "you, in another tab", not "Changed by Admin"). */
const byMe = (by: string | null | undefined) => by !== null && by !== undefined && by === bus.session$.value?.profile.shellSub.subjectId;

export interface LiveRecord {
  changed: ChangedElsewhere | null;
  others: readonly PresenceUser[];
  dismiss(): void;
}

export function useLiveRecord(options: { entity: string; id: string | null; version: unknown; dirty: boolean; busy: () => boolean }): LiveRecord {
  const { entity, id, dirty } = options;
  const [changed, setChanged] = useState<ChangedElsewhere | null>(null);
  const [others, setOthers] = useState<readonly PresenceUser[]>([]);
  const version = useRef(options.version);
  version.current = options.version;
  const busy = useRef(options.busy);
  busy.current = options.busy;
  const saving = () => busy.current();
  const handle = useRef<ReturnType<typeof showRecord> | null>(null);

  // A new record shown: nothing is known yet.
  useEffect(() => setChanged(null), [entity, id]);

  useEffect(() => {
    if (id === null) return;
    const shown = showRecord(entity, id);
    handle.current = shown;
    const presence = presenceOf(entity, id);
    setOthers(presence.current);
    const people = presence.changes.subscribe(setOthers);
    const changes = recordEvents(entity).subscribe(({ events, reset }) => {
      const mine = events.filter((event) => event.Id === id || event.Id === null);
      if (saving() || (!reset && mine.length === 0)) return;
      const latest = mine[mine.length - 1];
      if (latest?.Kind === 'deleted' && latest.Id === id) {
        setChanged({ byName: latest.ByName, at: latest.At, deleted: true, mine: byMe(latest.By) });
        return;
      }
      // The version decides: a change of another record, or the form's own save, is no news.
      void api.get<{ Data?: { Version?: unknown } }>(`data/${encodeURIComponent(entity)}/${encodeURIComponent(id)}`, {}, { background: true, quiet: true }).then(
        (answer) => {
          const now = Number(answer.Data?.Version);
          if (saving() || !Number.isFinite(now) || now <= Number(version.current)) return;
          setChanged({ byName: latest?.ByName ?? null, at: latest?.At ?? new Date().toISOString(), deleted: false, mine: byMe(latest?.By) });
        },
        () => undefined,
      );
    });
    return () => {
      changes.unsubscribe();
      people.unsubscribe();
      shown.close();
      handle.current = null;
      setOthers([]);
    };
  }, [entity, id]);

  useEffect(() => handle.current?.editing(dirty), [dirty, id]);
  // The form took a newer version (reload, own save): the notice is answered.
  useEffect(() => setChanged(null), [options.version]);

  return { changed, others, dismiss: () => setChanged(null) };
}

function timeOf(iso: string): string {
  const date = new Date(iso);
  // The shared cached formatter in the shell's language; `translate` ends the sentence once after "p.m." (issue 71 item 2).
  return Number.isNaN(date.getTime()) ? '' : dateFormat(displayLocale(), { hour: '2-digit', minute: '2-digit' }).format(date);
}

export function LiveRecordNotice({ live, onReload, tr }: { live: LiveRecord; onReload(): void; tr: Tr }) {
  const { changed, others } = live;
  const editing = others.filter((user) => user.Editing);
  const names = others.map((user) => user.Name).join(', ');
  return (
    <>
      {changed ? (
        <div className="erp-form-message erp-form-error" role="alert" data-live="changed">
          <span>
            {changed.mine
              ? changed.deleted
                ? tr('forms:live.deletedByYou', 'Deleted by you, in another tab, at {{time}}.', { time: timeOf(changed.at) })
                : tr('forms:live.changedByYou', 'Changed by you, in another tab, at {{time}}.', { time: timeOf(changed.at) })
              : changed.deleted
              ? tr('forms:live.deleted', 'Deleted by {{name}} at {{time}}.', { name: changed.byName ?? tr('forms:live.someone', 'someone'), time: timeOf(changed.at) })
              : tr('forms:live.changed', 'Changed by {{name}} at {{time}}.', { name: changed.byName ?? tr('forms:live.someone', 'someone'), time: timeOf(changed.at) })}
          </span>
          {changed.deleted ? null : <FormButton onClick={onReload}>{tr('forms:live.reload', 'Reload')}</FormButton>}
          <FormButton onClick={live.dismiss}>{tr('forms:live.keepMine', 'Keep mine')}</FormButton>
        </div>
      ) : null}
      <div role="status" className="erp-form-presence" data-live="presence">
        {editing.length > 0 ? (
          <span className="erp-form-presence-editing">{tr('forms:live.editing', '{{names}} is editing this record.', { names: editing.map((user) => user.Name).join(', '), count: editing.length })}</span>
        ) : null}
        {others.length > 0 ? <span>{tr('forms:live.alsoOpen', 'Also open by {{names}}.', { names, count: others.length })}</span> : null}
      </div>
    </>
  );
}
