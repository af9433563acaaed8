/**
 * The generic screen of every entity route (route Component `@erp/records#EntityScreen`): the entities
 * the tab's path mounts (`entitiesForRoute`), each as a list; opening a row or New shows the record form
 * (`../form/EntityForm.tsx`) in the same tab, and closing the form shows the list again as it was (query,
 * page, selection, scroll). A route with several entities (/shell/country-state-city) shows a tab list
 * to choose one (arrow keys, Home, End); each entity keeps its own list state.
 *
 * Reads `useScreen()`: `path`, `routeProps` (firm maintenance's `firmType`). Access per entity comes from
 * GET /api/entities/:entity (CanWrite, Hidden, ReadOnly, saved columns); a refusal (403) shows the §8
 * message in the screen. The list registers no close guard; the form registers its own.
 *
 * §2 "A hint says F2 navigates the page": F2 moves the focus to the next region of the screen
 * (`[data-f2-region]`: entity tabs, toolbar, filters, grid, pager, and the form's regions), Shift+F2 back.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { entitiesForRoute } from '@erp/shared/entities/index';
import { useScreen, useTranslation } from '@erp/ui';
import { loadAccess, type EntityAccess } from '../data/api.ts';
import { EntityForm } from '../form/EntityForm.tsx';
import { EntityList } from '../list/EntityList.tsx';
import { nextRegion } from '../list/keyboard.ts';

/**
 * The record the form shows: an id, or null for a new record; `rowIds`: the ids of the list page it was
 * opened from, in order (issue 16 item 5: previous / next record).
 */
type OpenRecord = { recordId: string | null; rowIds: readonly string[] };

function siblingsOf(open: OpenRecord, show: (next: OpenRecord) => void) {
  if (open.recordId === null) return undefined;
  const index = open.rowIds.indexOf(open.recordId);
  if (index < 0) return undefined;
  return {
    previous: open.rowIds[index - 1] ?? null,
    next: open.rowIds[index + 1] ?? null,
    open: (recordId: string) => show({ ...open, recordId }),
  };
}

function EntityPane({ entity, routeProps, visible }: { entity: AnyEntity; routeProps: Record<string, unknown>; visible: boolean }) {
  const { t } = useTranslation('records');
  const [access, setAccess] = useState<EntityAccess | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [open, setOpen] = useState<OpenRecord | null>(null);
  const [reloadToken, setReloadToken] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    loadAccess(entity.name, abort.signal).then(setAccess, (error: unknown) => {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
      setRefused(
        error instanceof ApiError && error.status === 403
          ? translate('errors:http.forbidden', 'You do not have sufficient permissions.')
          : t('screen.loadFailed'),
      );
    });
    return () => abort.abort();
  }, [entity.name]);

  if (refused) {
    return (
      <p className="records-notice records-notice--error" role="alert" hidden={!visible}>
        {refused}
      </p>
    );
  }
  if (!access) return <p className="records-loading" hidden={!visible} aria-busy="true" />;

  return (
    <div className="records-pane" hidden={!visible}>
      <EntityList
        entity={entity}
        access={access}
        routeProps={routeProps}
        active={open === null}
        reloadToken={reloadToken}
        onOpen={(recordId, rowIds) => setOpen({ recordId, rowIds: rowIds ?? [] })}
      />
      {open && (
        <EntityForm
          // Another record of the list is a new form (its own draft, guard and trail).
          key={open.recordId ?? ''}
          entity={entity}
          recordId={open.recordId}
          routeProps={routeProps}
          access={{ CanWrite: access.CanWrite, Hidden: access.Hidden, ReadOnly: access.ReadOnly }}
          onClose={() => setOpen(null)}
          onSaved={() => setReloadToken((n) => n + 1)}
          siblings={siblingsOf(open, setOpen)}
        />
      )}
    </div>
  );
}

/** The focusable regions of the screen, in page order, that can take the focus now. */
function regionsOf(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('[data-f2-region]')].filter((region) => region.getClientRects().length > 0);
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusRegion(region: HTMLElement): void {
  if (region.tabIndex >= 0 && region.matches('[tabindex]')) {
    region.focus();
    return;
  }
  // A tab list: its selected tab; otherwise the first control.
  const target = region.querySelector<HTMLElement>('[aria-selected="true"][tabindex="0"]') ?? region.querySelector<HTMLElement>(FOCUSABLE);
  (target ?? region).focus();
}

export function EntityScreenComponent() {
  const { path, routeProps } = useScreen();
  const { t } = useTranslation('records');
  const entities = entitiesForRoute(path);
  const [selected, setSelected] = useState(0);
  // Entities whose list was shown once stay mounted (each keeps its state).
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0]));
  const root = useRef<HTMLDivElement>(null);
  const tabsId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (index: number, focus: boolean) => {
    setSelected(index);
    setVisited((current) => new Set([...current, index]));
    if (focus) tabRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'F2' || event.altKey || event.ctrlKey || event.metaKey || !root.current) return;
    const regions = regionsOf(root.current);
    const current = regions.findIndex((region) => region.contains(document.activeElement));
    const next = nextRegion(regions.map(() => true), current, event.shiftKey);
    if (next < 0) return;
    event.preventDefault();
    event.stopPropagation();
    focusRegion(regions[next]!);
  };

  if (entities.length === 0) {
    return (
      <p className="records-notice records-notice--error" role="alert">
        {t('screen.unavailable')}
      </p>
    );
  }

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = entities.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (target < 0) return;
    event.preventDefault();
    choose(target, true);
  };

  return (
    // The key handler only catches F2 bubbling from the screen's own controls.
    <div className="records-screen" ref={root} onKeyDown={onKeyDown} data-f2-navigation="">
      {entities.length > 1 && (
        <div className="records-tabs" role="tablist" aria-label={t('screen.entities')} data-f2-region="tabs">
          {entities.map((entity, index) => (
            <button
              key={entity.name}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${tabsId}-tab-${index}`}
              aria-selected={index === selected}
              aria-controls={`${tabsId}-panel-${index}`}
              tabIndex={index === selected ? 0 : -1}
              className="records-tab"
              onClick={() => choose(index, false)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {translate(entity.labelKey, entity.name)}
            </button>
          ))}
        </div>
      )}
      {entities.map((entity, index) =>
        visited.has(index) ? (
          <section
            key={entity.name}
            id={`${tabsId}-panel-${index}`}
            role={entities.length > 1 ? 'tabpanel' : undefined}
            aria-labelledby={entities.length > 1 ? `${tabsId}-tab-${index}` : undefined}
            aria-label={entities.length > 1 ? undefined : translate(entity.labelKey, entity.name)}
            className="records-panel"
            hidden={index !== selected}
          >
            {entities.length === 1 && <h2 className="records-title">{translate(entity.labelKey, entity.name)}</h2>}
            <EntityPane entity={entity} routeProps={routeProps} visible={index === selected} />
          </section>
        ) : null,
      )}
    </div>
  );
}
