/**
 * One entity pane for the record and document screens (issue 20): the entity's list and, when a row is
 * opened or New is chosen, its form in the same place; closing the form shows the list again as it was
 * (query, page, selection, scroll). The screens differ only in the form they render (`form`): the record form
 * (EntityForm, with previous / next over the list page) or the document form (DocumentForm).
 *
 * Issue 71 item 1: the record shown is the address's (`?record=<key>` on the screen's path, open-document.ts of
 * @erp/shared). Each move of the user (a row opened, previous / next, New, the list again) adds a history entry; an
 * address reached otherwise (Back / Forward, a new browser tab, a link) opens its record — after the form's
 * unsaved-changes question (`PaneAddress.guard`, set by the forms' useUnsavedGuard); a new record saved replaces
 * `?record=new` by its key (`useRecordAddress`).
 */
import { useMemo, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import type { AnyEntity } from '@erp/shared/entities/define';
import type { EntityAccess } from '../data/api.ts';
import { useEntityAccess } from '../data/entity-access.tsx';
import { initialQuery, listParams, visibleColumns } from '../data/query.ts';
import { EntityList } from '../list/EntityList.tsx';
import { useOptionalScreen } from '@erp/ui';
import { useOpenIntent } from '../document/related-open.ts';
import { PaneAddressContext, PaneScreenContext, type PaneAddress } from './pane-address.ts';

/**
 * The record the form shows: an id, or null for a new record; `rowIds`: the ids of the list page it was
 * opened from, in order (issue 16 item 5: previous / next record); `seq` makes each New a new form.
 */
export interface OpenRecord {
  recordId: string | null;
  rowIds: readonly string[];
  seq?: number;
  /** A new record's values, from another screen (issue 40 item 4: the vendor invoice of a receipt). */
  values?: Readonly<Record<string, unknown>>;
}

export interface PaneToolsProps {
  entity: AnyEntity;
  access: EntityAccess;
  /** Reloads the list (after the tool created records). */
  reload(): void;
}

/** What the pane gives the form it renders. */
export interface PaneForm {
  open: OpenRecord;
  access: EntityAccess;
  /** The form's key: another record of the list, or another New, is a new form (its own draft, guard and trail). */
  key: string;
  show(next: OpenRecord): void;
  close(): void;
  saved(): void;
  /** Starts a new record (undefined without the write right). */
  newRecord: (() => void) | undefined;
}

export function RecordPane(props: {
  entity: AnyEntity;
  routeProps: Record<string, unknown>;
  form: (pane: PaneForm) => ReactNode;
  tools?: ComponentType<PaneToolsProps> | undefined;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /**
   * Whether the screen's record address is this pane's (default true). A screen of several entities (its tabs: a
   * product's prices beside the products) has one address, its first entity's: the other panes open only what is
   * handed to them, never the address's key (another entity's).
   */
  addressed?: boolean | undefined;
}) {
  const { entity, routeProps, tools: Tools } = props;
  // The list's first page as it will ask it without saved columns or hidden fields: asked with the access.
  const firstPage = useMemo(() => listParams(initialQuery(entity, routeProps), visibleColumns(entity, undefined)), [entity, routeProps]);
  const { access, notice } = useEntityAccess(entity.name, firstPage);
  const [open, setOpen] = useState<OpenRecord | null>(null);
  const [reloadToken, setReloadToken] = useState(0);
  const openRef = useRef(open);
  openRef.current = open;
  const guard = useRef<(() => Promise<boolean>) | null>(null);
  /** Applies `next` once the form shown may go (its unsaved-changes question); else the address shows it again. */
  const leaveThen = (next: () => void) => {
    const leave = guard.current;
    if (!leave) return next();
    void leave().then((allowed) => {
      if (allowed) next();
      else tell(openRef.current ? openRef.current.recordId : undefined, false);
    });
  };
  // Issue 40 item 4: another screen opened a record here (a Related link, Receive): shown in place of the list;
  // issue 71: the address names one (Back / Forward, a link, a new browser tab), or the list again.
  const screenPath = useOptionalScreen()?.path ?? '';
  const tell = useOpenIntent(
    screenPath,
    (intent) =>
      leaveThen(() =>
        setOpen((current) => ({ recordId: intent.recordId, rowIds: [], seq: (current?.seq ?? 0) + 1, ...(intent.values ? { values: intent.values } : {}) })),
      ),
    () => leaveThen(() => setOpen(null)),
    props.addressed !== false,
  );
  const address = useMemo<PaneAddress>(() => ({ guard, saved: (recordId) => {
    if (openRef.current?.recordId === null) tell(recordId, false);
  } }), [tell]);
  const show = (next: OpenRecord) => {
    setOpen(next);
    tell(next.recordId);
  };

  if (!access) return notice;
  const reload = () => setReloadToken((n) => n + 1);
  return (
    <div className="records-pane" onKeyDown={props.onKeyDown}>
      {Tools && open === null && <Tools entity={entity} access={access} reload={reload} />}
      <PaneScreenContext.Provider value={screenPath}>
        <EntityList
          entity={entity}
          access={access}
          routeProps={routeProps}
          active={open === null}
          reloadToken={reloadToken}
          onOpen={(recordId, rowIds) => show({ recordId, rowIds: rowIds ?? [] })}
        />
      </PaneScreenContext.Provider>
      {open && (
        <PaneAddressContext.Provider value={address}>
        {props.form({
          open,
          access,
          key: `${open.recordId ?? ''}#${open.seq ?? 0}`,
          show,
          close: () => {
            setOpen(null);
            tell(undefined);
          },
          saved: reload,
          newRecord: access.CanWrite ? () => show({ recordId: null, rowIds: [], seq: (open.seq ?? 0) + 1 }) : undefined,
        })}
        </PaneAddressContext.Provider>
      )}
    </div>
  );
}
