/**
 * The generic screen of every entity route (route Component `@erp/records#EntityScreen`): the entities
 * the tab's path mounts (`entitiesForRoute`), each as a list; opening a row or New shows the record form
 * (`../form/EntityForm.tsx`) in the same tab, and closing the form shows the list again as it was (query,
 * page, selection, scroll). A route with several entities (/shell/country-state-city) shows a tab list
 * to choose one (`../tabs/TabbedPanes.tsx`: arrow keys, Home, End); each entity keeps its own list state.
 *
 * `entityScreen(names, options)` makes the same screen for named entities instead of the route's: a business
 * module's export is one line (`export const GlChart = entityScreen('gl-account')` in `@erp/accounting`),
 * so the catalog's Component works with no route migration. Its `routeProps(screen)` adds Props derived from
 * the tab (user codes: the tab's application as the `filter.Application` preset), generic route Props
 * instead of branches on entity names. The entities' own i18n namespaces (`entity.namespace`, e.g. `gl`)
 * are loaded before the first render, so a module's strings arrive with its screens, not at boot.
 *
 * Reads `useScreen()`: `path`, `routeProps` (firm maintenance's `firmType`). Access per entity comes from
 * GET /api/entities/:entity (CanWrite, Hidden, ReadOnly, saved columns; `useEntityAccess`); a refusal (403)
 * shows the §8 message in the screen. The list registers no close guard; the form registers its own.
 *
 * §2 "A hint says F2 navigates the page": F2 moves the focus to the next region of the screen
 * (`[data-f2-region]`: entity tabs, toolbar, filters, grid, pager, and the form's regions), Shift+F2 back.
 */
import { useEffect, useMemo, useState } from 'react';
import { i18n, translate, type ScreenProps } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { entitiesForRoute, entityByName, entityNamespaces } from '@erp/shared/entities/index';
import { screen, useScreen, useTranslation, type ScreenParcel } from '@erp/ui';
import { EntityForm } from '../form/EntityForm.tsx';
import { RecordPane, type OpenRecord } from './RecordPane.tsx';
import { onRegionKey } from '../list/regions.ts';
import { TabbedPanes } from '../tabs/TabbedPanes.tsx';

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

/** One entity's list and record form (a tab panel around the pane hides it while another entity is shown). */
function EntityPane({ entity, routeProps, addressed = true }: { entity: AnyEntity; routeProps: Record<string, unknown>; addressed?: boolean }) {
  return (
    <RecordPane
      entity={entity}
      routeProps={routeProps}
      addressed={addressed}
      form={(pane) => (
        <EntityForm
          key={pane.key}
          entity={entity}
          recordId={pane.open.recordId}
          routeProps={routeProps}
          access={{ CanWrite: pane.access.CanWrite, Hidden: pane.access.Hidden, ReadOnly: pane.access.ReadOnly }}
          onClose={pane.close}
          onSaved={pane.saved}
          siblings={siblingsOf(pane.open, pane.show)}
          onNew={pane.newRecord}
        />
      )}
    />
  );
}

/**
 * The i18n namespaces of `entities` not loaded yet: their modules' and, issue 41, those of the modules that
 * extend them (the A/R period flag on the G/L's accounting period is labelled in `ar`).
 */
function missingNamespaces(entities: readonly AnyEntity[]): string[] {
  if (!i18n.isInitialized) return [];
  return [...new Set(entities.flatMap(entityNamespaces))].filter((namespace) => !i18n.hasLoadedNamespace(namespace));
}

/**
 * True once the entities' namespaces are loaded (a failed load shows the keys' defaults); `entities` must be a
 * stable array. The document pane waits on it too: its list shows the extending modules' columns.
 */
export function useEntityNamespaces(entities: readonly AnyEntity[]): boolean {
  const [ready, setReady] = useState(() => missingNamespaces(entities).length === 0);
  useEffect(() => {
    const missing = missingNamespaces(entities);
    if (missing.length === 0) {
      setReady(true);
      return undefined;
    }
    let live = true;
    i18n.loadNamespaces(missing).then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [entities]);
  return ready;
}

/** The screen of the route's entities (route Component `@erp/records#EntityScreen`). */
export function EntityScreenComponent() {
  const { path, routeProps } = useScreen();
  const entities = useMemo(() => entitiesForRoute(path), [path]);
  return <EntityScreenView entities={entities} routeProps={routeProps} />;
}

export interface EntityScreenOptions {
  /** i18n namespaces the screen needs besides the generic screens' and the entities' own. */
  namespaces?: readonly string[];
  /** Route Props derived from the tab, merged over the route's own (e.g. a filter preset). */
  routeProps?: (screen: ScreenProps) => Record<string, unknown>;
  /** Title key of a one-entity screen, when it is not the entity's title (user codes over code-index). */
  titleKey?: string;
  /** The module exporting the screen (`data-micro-app` on its root). */
  module?: string;
}

/** The namespaces every generic entity screen needs before its first render. */
export const ENTITY_SCREEN_NAMESPACES = ['records', 'forms', 'entities', 'errors', 'apps'] as const;

/**
 * A screen of the named entities (see the module header). The names are looked up when the screen renders,
 * so the module registering the definitions may do so after calling this.
 */
export function entityScreen(names: string | readonly string[], options: EntityScreenOptions = {}): ScreenParcel {
  const list = typeof names === 'string' ? [names] : [...names];
  function NamedEntityScreen() {
    const current = useScreen();
    const entities = useMemo(() => list.map((name) => entityByName(name)).filter((def): def is AnyEntity => def !== undefined), []);
    const routeProps = useMemo(
      () => ({ ...current.routeProps, ...(options.routeProps ? options.routeProps(current) : {}) }),
      [current],
    );
    return <EntityScreenView entities={entities} routeProps={routeProps} titleKey={options.titleKey} />;
  }
  NamedEntityScreen.displayName = `EntityScreen(${list.join(',')})`;
  return screen(NamedEntityScreen, {
    module: options.module ?? '@erp/records',
    namespaces: [...new Set([...ENTITY_SCREEN_NAMESPACES, ...(options.namespaces ?? [])])],
  });
}

/** The list (and form) of each entity, with a tab list when there are several. */
export function EntityScreenView({
  entities,
  routeProps,
  titleKey,
  addressed = true,
}: {
  entities: readonly AnyEntity[];
  routeProps: Record<string, unknown>;
  titleKey?: string | undefined;
  /** False for a view composed beside the screen's own first pane: the screen's record address is not its (RecordPane). */
  addressed?: boolean;
}) {
  const { t } = useTranslation('records');
  const namespacesReady = useEntityNamespaces(entities);

  if (!namespacesReady) return <p className="records-loading" aria-busy="true" />;
  if (entities.length === 0) {
    return (
      <p className="records-notice records-notice--error" role="alert">
        {t('screen.unavailable')}
      </p>
    );
  }

  const single = entities.length === 1 ? entities[0]! : null;
  const title = single ? translate(titleKey ?? single.labelKey, single.name) : '';
  return (
    // The key handler only catches F2 bubbling from the screen's own controls.
    <div className="records-screen" onKeyDown={onRegionKey} data-f2-navigation="">
      {single ? (
        <section key={single.name} className="records-panel" aria-label={title}>
          <h2 className="records-title">{title}</h2>
          <EntityPane entity={single} routeProps={routeProps} addressed={addressed} />
        </section>
      ) : (
        // Entities whose list was shown once stay mounted (each keeps its state).
        <TabbedPanes
          label={t('screen.entities')}
          panes={entities.map((entity, index) => ({
            key: entity.name,
            label: translate(entity.labelKey, entity.name),
            // The screen's address names its first entity's records (RecordPane `addressed`).
            content: <EntityPane entity={entity} routeProps={routeProps} addressed={addressed && index === 0} />,
          }))}
        />
      )}
    </div>
  );
}
