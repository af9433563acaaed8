/**
 * Defaults on pick (issue 40 item 5): a header lookup the form's definition names in `defaults` (the vendor of a
 * purchase order, the customer of a sales order) asks POST /api/defaults/<entity> once its value settles after a
 * change, and the form sets the fields that follow (`onDefaults`: name, terms, bill-to, ship-to …) — the answer
 * of the same server function the save fills blank fields with. A new record asks for its own defaults ('new':
 * the only bank, today) once, through its first field declared there. A default fills a field that is blank or
 * still holds the previous pick's default (a value the user typed stays), and read-only fields (the vendor's name).
 * A new record opened with a declared field already set (a document made from another) asks that field's defaults
 * as a pick. A line collection the answer names (a vendor invoice's receipt lines) fills the lines while they are blank.
 */
import { useEffect, useRef } from 'react';
import { entityByName } from '@erp/shared/entities/index';
import type { FieldDefinition } from '@erp/shared/entities/define';
import { call } from '../record-api.ts';
import { draftValue } from '../form-state.ts';
import { applyLateDefault } from '../keep-focus.ts';

/** The pause after the value's last change before the defaults are asked for (as a lookup's name). */
const SETTLE_MS = 300;

type Values = Record<string, unknown>;

/** POST /api/defaults/:entity — the declared fields that follow from `field` (or 'new') for `values`, as draft values. */
export async function pickDefaults(entity: string, field: string, values: Readonly<Values>): Promise<Values | null> {
  const outcome = await call('POST', `defaults/${encodeURIComponent(entity)}`, { Field: field, Values: scalarsOf(values) });
  const data = outcome.status === 200 ? ((outcome.body as { Data?: Values } | null)?.Data ?? null) : null;
  const def = entityByName(entity);
  if (!data || !def) return null;
  const filled: Values = {};
  for (const [name, value] of Object.entries(data)) {
    if (value === null || value === undefined || value === '') continue;
    filled[name] = draftValue(def.fields[name] as FieldDefinition, value);
  }
  return filled;
}

/** Equal as a field holds them (draft values are strings, numbers, booleans or null). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
}

/** The record's scalar values (not its lines), what the server's defaults read. */
function scalarsOf(values: Readonly<Values>): Values {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value === null || typeof value !== 'object'));
}

/**
 * Asks for the defaults of field `name` of the form's entity `from` when its value changes and settles (not for the
 * value the form opened with), and for a new record's defaults when `name` is the first of `defaults.new` and the
 * record is new; `onDefaults` sets them.
 */
export function usePickDefaults(from: string | undefined, name: string, value: unknown, record: Readonly<Values> | undefined, readOnly: boolean, onDefaults: ((values: Values) => void) | undefined): void {
  const def = from ? entityByName(from) : undefined;
  const trigger = !!def && !readOnly && !!onDefaults && !!def.defaults[name];
  const text = typeof value === 'string' ? value.trim() : '';
  const blankKey = !!def && (record?.[def.key] === null || record?.[def.key] === undefined || record?.[def.key] === '');
  // The value the record was opened with: another record shown in the same form is no pick. A new record opened
  // with the field already set (a document made from another: Enter vendor invoice names the receipt) has not had
  // its defaults yet: that value is asked for as a pick (issue 71 item 2).
  const opened = useRef(blankKey ? '' : text);
  const isNew = !!def && !readOnly && !!onDefaults && def.defaults['new']?.[0] === name && blankKey;
  const recordKey = def && record ? record[def.key] : undefined;
  const shownKey = useRef(recordKey);
  const latest = useRef({ record, onDefaults });
  // What the last pick filled: a field still holding it follows the next pick.
  const applied = useRef<Values>({});
  useEffect(() => {
    latest.current = { record, onDefaults };
    if (shownKey.current !== recordKey) {
      shownKey.current = recordKey;
      opened.current = text;
    }
  });
  useEffect(() => {
    if (!trigger || text === '' || text === opened.current) return;
    let live = true;
    // The record the pick was made on (its key: null while new).
    const askedFor = shownKey.current;
    const timer = setTimeout(() => {
      void pickDefaults(from!, name, { ...latest.current.record, [name]: text }).then((filled) => {
        // A record saved (or another one shown) meanwhile: its save already filled the same defaults on the server.
        if (!live || !filled || shownKey.current !== askedFor) return;
        const now = latest.current.record ?? {};
        // A value equal to the field's own changes nothing (and must not mark the form changed).
        const taken = Object.fromEntries(
          Object.entries(filled).filter(
            ([field, value]) =>
              !sameValue(now[field], value) &&
              (def!.fields[field]?.readOnly || [null, undefined, ''].includes(now[field] as never) || sameValue(now[field], applied.current[field])),
          ),
        );
        Object.assign(applied.current, taken);
        // The user may already be in a field the pick fills (Tab after the pick): typing replaces the default.
        if (Object.keys(taken).length > 0) applyLateDefault(() => latest.current.onDefaults?.(taken));
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [trigger, from, name, text, def]);
  useEffect(() => {
    if (!isNew) return;
    let live = true;
    const askedFor = shownKey.current;
    void pickDefaults(from!, 'new', latest.current.record ?? {}).then((filled) => {
      if (!live || !filled || !latest.current.record || shownKey.current !== askedFor) return;
      // Only what the new record still leaves blank.
      const blanks = Object.fromEntries(Object.entries(filled).filter(([field]) => [null, undefined, ''].includes(latest.current.record![field] as never)));
      if (Object.keys(blanks).length > 0) applyLateDefault(() => latest.current.onDefaults?.(blanks));
    });
    return () => {
      live = false;
    };
  }, [isNew, from]);
}
