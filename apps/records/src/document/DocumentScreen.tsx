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
import { useMemo, useState, type ComponentType } from 'react';
import { translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { entityByName } from '@erp/shared/entities/index';
import { screen, useScreen, useTranslation, type ScreenParcel } from '@erp/ui';
import type { EntityAccess } from '../data/api.ts';
import { useEntityAccess } from '../data/entity-access.tsx';
import { ENTITY_SCREEN_NAMESPACES } from '../entity-screen/EntityScreen.tsx';
import { EntityList } from '../list/EntityList.tsx';
import { onRegionKey } from '../list/regions.ts';
import { DocumentForm } from './DocumentForm.tsx';

export interface DocumentToolsProps {
  entity: AnyEntity;
  access: EntityAccess;
  /** Reloads the list (after the tool created records). */
  reload(): void;
}

export interface DocumentScreenOptions {
  /** i18n namespaces the screen needs (the entity's module's, e.g. `gl`). */
  namespaces?: readonly string[];
  /** The module exporting the screen. */
  module?: string;
  /** Extra controls above the list. */
  tools?: ComponentType<DocumentToolsProps>;
  /** The form shows the record's attachments once saved (§5; the entity must allow them). */
  attachments?: boolean;
}

/** The list and form of one document entity (what `documentScreen` shows), for screens that compose several panes. */
export function DocumentPane({
  entity,
  tools: Tools,
  attachments,
}: {
  entity: AnyEntity;
  tools?: ComponentType<DocumentToolsProps> | undefined;
  attachments?: boolean | undefined;
}) {
  const { routeProps } = useScreen();
  // The form's own strings (records:document.*): loaded here too, for composed screens that list fewer namespaces.
  useTranslation('records');
  const { access, notice } = useEntityAccess(entity.name);
  const [open, setOpen] = useState<{ recordId: string | null; key?: number } | null>(null);
  const [reloadToken, setReloadToken] = useState(0);

  if (!access) return notice;
  return (
    // F2 / Shift+F2 move through the pane's regions, on the document screen and on screens composing panes.
    <div className="records-pane" onKeyDown={onRegionKey}>
      {Tools && open === null && <Tools entity={entity} access={access} reload={() => setReloadToken((n) => n + 1)} />}
      <EntityList
        entity={entity}
        access={access}
        routeProps={routeProps}
        active={open === null}
        reloadToken={reloadToken}
        onOpen={(recordId) => setOpen({ recordId })}
      />
      {open && (
        <DocumentForm
          key={open.key}
          entity={entity}
          recordId={open.recordId}
          canWrite={access.CanWrite}
          attachments={attachments ?? false}
          onClose={() => setOpen(null)}
          onSaved={() => setReloadToken((n) => n + 1)}
          onNew={access.CanWrite ? () => setOpen({ recordId: null, key: (open.key ?? 0) + 1 }) : undefined}
        />
      )}
    </div>
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
    const title = translate(entity.labelKey, entity.name);
    return (
      <div className="records-screen" data-f2-navigation="">
        <section className="records-panel" aria-label={title}>
          <h2 className="records-title">{title}</h2>
          <DocumentPane entity={entity} tools={options.tools} attachments={options.attachments} />
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
