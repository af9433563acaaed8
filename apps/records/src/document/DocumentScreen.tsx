/**
 * The generic document screen (issue 12), exported from `@erp/records` for every micro-app (one copy through
 * the import map): `documentScreen(name, options)` answers a screen parcel showing the entity's list
 * (EntityList, with its paging, sort, filters and export) and, when a row is opened or New is chosen, the
 * document form (DocumentForm: header, line grid, state and actions) in the same tab; closing the form shows
 * the list again as it was. `options.tools` renders extra controls above the list (e.g. the accounting
 * periods' "New fiscal year"), given a `reload()` of the list.
 *
 * A business module's export is one line: `export const GlJournalEntry = documentScreen('gl-journal-entry', GL)`.
 */
import { useMemo, type ComponentType } from 'react';
import { translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { entityByName } from '@erp/shared/entities/index';
import { screen, useScreen, useTranslation, type ScreenParcel } from '@erp/ui';
import { ENTITY_SCREEN_NAMESPACES, useEntityNamespaces } from '../entity-screen/EntityScreen.tsx';
import { RecordPane, type PaneToolsProps } from '../entity-screen/RecordPane.tsx';
import { routeView } from '../data/query.ts';
import { onRegionKey } from '../list/regions.ts';
import { DocumentForm, type ActionInputs } from './DocumentForm.tsx';

/** The controls a document screen shows above its list (the pane's tools). */
export type DocumentToolsProps = PaneToolsProps;

export interface DocumentScreenOptions {
  /** i18n namespaces the screen needs (the entity's module's, e.g. `gl`). */
  namespaces?: readonly string[];
  /** The module exporting the screen. */
  module?: string;
  /** Extra controls above the list. */
  tools?: ComponentType<DocumentToolsProps>;
  /** The form shows the record's attachments once saved (§5; the entity must allow them). */
  attachments?: boolean;
  /**
   * Props this screen adds to its route's (issue 26: `/ta-order-entry` is the sales order's `orderType` TA view):
   * the definition's routeViews then preset the list's filters, a new document's values and the title.
   */
  routeProps?: Readonly<Record<string, unknown>>;
}

/** The list and form of one document entity (what `documentScreen` shows), for screens that compose several panes. */
export function DocumentPane({
  entity,
  tools: Tools,
  attachments,
  actionInputs,
  routeProps: extraProps,
  addressed,
}: {
  entity: AnyEntity;
  tools?: ComponentType<DocumentToolsProps> | undefined;
  attachments?: boolean | undefined;
  /** What an action asks the user first, by action (DocumentForm `actionInputs`). */
  actionInputs?: ActionInputs | undefined;
  /** Props added to the route's (DocumentScreenOptions.routeProps). */
  routeProps?: Readonly<Record<string, unknown>> | undefined;
  /** Whether the screen's record address is this pane's (RecordPane `addressed`): false for a screen's second document. */
  addressed?: boolean | undefined;
}) {
  const screenProps = useScreen().routeProps;
  const routeProps = useMemo(() => (extraProps ? { ...screenProps, ...extraProps } : screenProps), [screenProps, extraProps]);
  // A new document's values from the view the props select (definition routeViews).
  const defaults = useMemo(() => routeView(entity, routeProps)?.defaults, [entity, routeProps]);
  // The form's own strings (records:document.*): loaded here too, for composed screens that list fewer namespaces.
  useTranslation('records');
  // Issue 41: the strings of the modules extending the entity (A/R's period flag on the accounting period).
  const entities = useMemo(() => [entity], [entity]);
  const namespacesReady = useEntityNamespaces(entities);
  if (!namespacesReady) return <p className="records-loading" aria-busy="true" />;
  return (
    <RecordPane
      entity={entity}
      routeProps={routeProps}
      tools={Tools}
      addressed={addressed}
      // F2 / Shift+F2 move through the pane's regions, on the document screen and on screens composing panes.
      onKeyDown={onRegionKey}
      form={(pane) => (
        <DocumentForm
          key={pane.key}
          entity={entity}
          recordId={pane.open.recordId}
          canWrite={pane.access.CanWrite}
          attachments={attachments ?? false}
          actionInputs={actionInputs}
          defaults={pane.open.values ? { ...defaults, ...pane.open.values } : defaults}
          onClose={pane.close}
          onSaved={pane.saved}
          onNew={pane.newRecord}
        />
      )}
    />
  );
}

export function documentScreen(name: string, options: DocumentScreenOptions = {}): ScreenParcel {
  function NamedDocumentScreen() {
    const { t } = useTranslation('records');
    const entity = useMemo(() => entityByName(name), []);
    if (!entity) {
      return (
        <p className="records-notice records-notice--error" role="alert">
          {t('screen.unavailable')}
        </p>
      );
    }
    const viewTitle = options.routeProps ? routeView(entity, options.routeProps)?.titleKey : undefined;
    const title = viewTitle ? translate(viewTitle, entity.name) : translate(entity.labelKey, entity.name);
    return (
      <div className="records-screen" data-f2-navigation="">
        <section className="records-panel" aria-label={title}>
          <h2 className="records-title">{title}</h2>
          <DocumentPane entity={entity} tools={options.tools} attachments={options.attachments} routeProps={options.routeProps} />
        </section>
      </div>
    );
  }
  NamedDocumentScreen.displayName = `DocumentScreen(${name})`;
  return screen(NamedDocumentScreen, {
    module: options.module ?? '@erp/records',
    namespaces: [...new Set([...ENTITY_SCREEN_NAMESPACES, ...(options.namespaces ?? [])])],
  });
}
