/**
 * The generic record form of "screens as data" (issue #5 item 3): every entity definition gets it. Rendered
 * by the entity screen (../entity-screen) in the same tab to open or create a record.
 *
 * Props (EntityFormProps): entity (the definition), recordId (null: a new record), routeProps (the route's
 * Props, e.g. { firmType: 'vendor' } on /novus-ap/firm-maintenance), access (§6 form widgets security of the
 * caller: CanWrite, Hidden, ReadOnly), onClose() (back to the list; called after the unsaved-changes check),
 * onSaved(record) (after each successful create or update).
 *
 * What it does:
 * - fields laid out from the definition's form layout (fields it does not place follow at the end), labels
 *   from the `entities` label keys; Hidden fields are absent, ReadOnly fields read-only, !CanWrite → all;
 * - validation with the shared validateRecord (the one the server runs): messages inline beside each field
 *   (aria-invalid, aria-describedby) and a summary on save, focus to the first error; the server's
 *   validation_failed errors land in the same places; messages are localized from their keys and params;
 * - save with nothing changed → 'No changes made.' (§8) without a call; the server's no_changes the same;
 * - unsaved-changes guard (Save / Discard / Stay) on the tab's canClose, on Back, and beforeunload;
 * - §3 record trail; optimistic concurrency: a stale save is refused by the server (409) — the user's input
 *   stays, and Reload loads the current record (discarding the input only then); delete sends the Version;
 * - the record's History (issue 42 item 4: its changes, and the record as of a day; RecordHistory), audit log and
 *   attachments as tabs beside the form (the tab strip is an F2 region);
 * - from the definition, never from its name: a set field's `removalConfirm` (§5 firm types: unchecking a
 *   saved type deletes that account on save, asked first), the `routeViews` the route's Props select (a new
 *   record's values, the title: the vendor firm view) and the entity's own `resultKeys` (§6 not assigned);
 * - field widgets a definition names (`widget`, fields/widgets.ts): the company logo's upload and preview,
 *   the user-securables identifier editor; lookups use the target's `lookupWidget` (the firm lookup).
 * Hotkeys: Ctrl+S save, Alt+R reload, Alt+D delete.
 *
 * Parts: use-entity-form.ts (state, load, save, reload, delete, hotkeys), entity-outcome.ts (the server's
 * answers), EntityFormHeader / EntityFormMessages / EntityField, and FormParts (shared with DocumentForm).
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { AnyEntity } from '../../../../shared/src/entities/define.ts';
import { Attachments } from './Attachments.tsx';
import { AuditLog } from './AuditLog.tsx';
import { RecordHistory } from './RecordHistory.tsx';
import './fields/builtin-widgets.tsx';
import { EntityField } from './EntityField.tsx';
import { EntityFormHeader } from './EntityFormHeader.tsx';
import { EntityFormMessages } from './EntityFormMessages.tsx';
import { LiveRecordNotice, useLiveRecord } from './LiveRecord.tsx';
import { FormSections } from './FormParts.tsx';
import { RecordTrail } from './RecordTrail.tsx';
import { useEntityForm, type Panel } from './use-entity-form.ts';
import { tabAfterKey } from '../tabs/TabbedPanes.tsx';
import { firstEditable } from '../list/regions.ts';
import { useRecordAddress } from '../entity-screen/pane-address.ts';

export interface EntityFormProps {
  entity: AnyEntity;
  recordId: string | null;
  routeProps: Record<string, unknown> | null;
  access: { CanWrite: boolean; Hidden: string[]; ReadOnly: string[] };
  onClose(): void;
  onSaved(record: Record<string, unknown>): void;
  /**
   * Issue 16 item 5: the records before and after this one in the list it was opened from (null at an
   * end); `open(id)` shows another record (asked only after the unsaved-changes check).
   */
  siblings?: { previous: string | null; next: string | null; open(recordId: string): void };
  /** Starts a new record in place of this one (Alt+N); absent, Alt+N is left to the page. */
  onNew?(): void;
}

export function EntityForm(props: EntityFormProps) {
  const form = useEntityForm(props);
  const { entity, tr, prefix, view, recordId, record, visible, panel, setPanel, readOnlyForm } = form;
  // Issue 71: a new record once saved is at its own address.
  useRecordAddress(recordId);

  // Sections from the layout; fields it leaves out (a definition without children in its layout) follow.
  const sections = useMemo(() => {
    const placed = new Set<string>();
    const list = entity.formLayout.sections.map((section) => {
      const rows = section.rows.map((row) => row.filter((name) => visible.has(name)));
      for (const row of section.rows) for (const name of row) placed.add(name);
      return { titleKey: section.titleKey, rows: rows.filter((row) => row.length > 0) };
    });
    const rest = Object.keys(entity.fields).filter((name) => !placed.has(name) && visible.has(name));
    if (rest.length > 0) list.push({ titleKey: undefined, rows: rest.map((name) => [name]) });
    return list.filter((section) => section.rows.length > 0);
  }, [entity, visible]);

  // Issue 21 item 2: once the record is there, the focus is in the first field the user can type into.
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (form.loaded && formRef.current) firstEditable(formRef.current)?.focus();
  }, [form.loaded, props.recordId]);

  const entityTitle = tr(entity.labelKey, entity.name);
  const title = view?.titleKey ? tr(view.titleKey, entityTitle) : entityTitle;
  const recordTitle = recordId === null ? tr('forms:title.new', 'New record') : String(record?.[entity.displayField] ?? recordId);
  const headingId = `${prefix}-heading`;

  const saved = recordId !== null && record !== null;
  // Issue 42: changed elsewhere, and who else has it open.
  const live = useLiveRecord({ entity: entity.name, id: saved ? recordId : null, version: record?.['Version'], dirty: form.dirty, busy: form.saving });
  const tabs: { id: Panel; label: string }[] = [
    { id: 'form', label: tr('forms:tabs.record', 'Record') },
    // Issue 42 item 4: the record's changes and the record as of a day (RecordHistory).
    ...(saved ? [{ id: 'history' as const, label: tr('entities:history.title', 'History') }] : []),
    ...(saved ? [{ id: 'audit' as const, label: tr('entities:actions.audit', 'Audit log') }] : []),
    ...(saved && entity.attachments ? [{ id: 'attachments' as const, label: tr('entities:actions.attachments', 'Attachments') }] : []),
  ];

  return (
    <section className="erp-entity-form" aria-labelledby={headingId} data-entity={entity.name} onKeyDown={form.onKeyDown}>
      <EntityFormHeader form={form} siblings={props.siblings} headingId={headingId} title={title} recordTitle={recordTitle} saved={saved} />
      <EntityFormMessages form={form} />
      <LiveRecordNotice live={live} tr={tr} onReload={() => void form.reload(false)} />

      {form.loadError === null && form.loaded ? (
        <>
          {tabs.length > 1 ? (
            <div className="erp-form-tabs" role="tablist" aria-label={tr('forms:tabs.label', 'Record views')} data-f2-region="tabs">
              {tabs.map((tab) => (
                <button
                  key={tab.id}
                  type="button"
                  role="tab"
                  id={`${prefix}-tab-${tab.id}`}
                  aria-selected={panel === tab.id}
                  aria-controls={`${prefix}-panel-${tab.id}`}
                  tabIndex={panel === tab.id ? 0 : -1}
                  onClick={() => setPanel(tab.id)}
                  onKeyDown={(event) => {
                    // The tablist keys of every tab strip (TabbedPanes): arrows wrap, Home and End.
                    const next = tabs[tabAfterKey(event.key, tabs.findIndex((t) => t.id === panel), tabs.length)];
                    if (!next) return;
                    event.preventDefault();
                    setPanel(next.id);
                    document.getElementById(`${prefix}-tab-${next.id}`)?.focus();
                  }}
                >
                  {tab.label}
                </button>
              ))}
            </div>
          ) : null}

          <form
            id={`${prefix}-panel-form`}
            role={tabs.length > 1 ? 'tabpanel' : undefined}
            aria-labelledby={tabs.length > 1 ? `${prefix}-tab-form` : headingId}
            hidden={panel !== 'form'}
            noValidate
            className="erp-form-body"
            ref={formRef}
            data-f2-region="fields"
            onSubmit={(event) => {
              event.preventDefault();
              void form.save();
            }}
          >
            <FormSections sections={sections} legend={(key) => tr(key, key)} field={(name) => <EntityField key={name} form={form} name={name} />} />
            {record ? <RecordTrail record={record} /> : null}
          </form>

          {saved && panel === 'history' ? (
            <div id={`${prefix}-panel-history`} role="tabpanel" aria-labelledby={`${prefix}-tab-history`}>
              <RecordHistory entity={entity} recordId={recordId} current={record} refresh={`${String(record?.['Version'])}-${form.auditRefresh}`} />
            </div>
          ) : null}
          {saved && panel === 'audit' ? (
            <div id={`${prefix}-panel-audit`} role="tabpanel" aria-labelledby={`${prefix}-tab-audit`}>
              <AuditLog entity={entity.name} recordId={recordId} refresh={form.auditRefresh} />
            </div>
          ) : null}
          {saved && entity.attachments && panel === 'attachments' ? (
            <div id={`${prefix}-panel-attachments`} role="tabpanel" aria-labelledby={`${prefix}-tab-attachments`}>
              <Attachments entity={entity.name} recordId={recordId} canWrite={!readOnlyForm} onChanged={form.refreshAudit} />
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
