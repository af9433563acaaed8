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
 * - the record's audit log and attachments as tabs beside the form;
 * - from the definition, never from its name: a set field's `removalConfirm` (§5 firm types: unchecking a
 *   saved type deletes that account on save, asked first), the `routeViews` the route's Props select (a new
 *   record's values, the title: the vendor firm view) and the entity's own `resultKeys` (§6 not assigned);
 * - field widgets a definition names (`widget`, fields/widgets.ts): the company logo's upload and preview,
 *   the user-securables identifier editor; lookups use the target's `lookupWidget` (the firm lookup).
 * Hotkeys: Ctrl+S save, Alt+R reload, Alt+D delete.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { askUser, i18n } from '@erp/shared';
import type { AnyEntity, ChildrenField, FieldDefinition, RemovalConfirmation, SetField } from '../../../../shared/src/entities/define.ts';
import type { ValidationIssue } from '../../../../shared/src/entities/validate.ts';
import { Attachments } from './Attachments.tsx';
import { AuditLog } from './AuditLog.tsx';
import './fields/builtin-widgets.tsx';
import { FieldInput, errorId } from './fields/FieldInput.tsx';
import { FormButton } from './FormButton.tsx';
import { fieldWidget } from './fields/widgets.ts';
import {
  dirtyFields,
  editableFields,
  inputId,
  toDraft,
  validateDraft,
  visibleFields,
  type Draft,
  type FormAccess,
} from './form-state.ts';
import { createRecord, deleteRecord, getRecord, updateRecord, type CallOutcome, type ServerIssue } from './record-api.ts';
import { RecordTrail } from './RecordTrail.tsx';
import { useUnsavedGuard } from './unsaved.ts';
import { routeView } from '../data/query.ts';
import { tabAfterKey } from '../tabs/TabbedPanes.tsx';
import { fieldLabel, useText, type Tr } from './text.ts';

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
}

type Banner = { kind: 'info' | 'error' | 'conflict'; text: string } | null;
type Panel = 'form' | 'audit' | 'attachments';

/** The set fields whose saved options need a confirmation to remove, with that confirmation. */
function removalConfirmations(entity: AnyEntity): [string, RemovalConfirmation][] {
  return Object.entries(entity.fields).flatMap(([name, field]) => (field.type === 'set' && field.removalConfirm ? [[name, field.removalConfirm] as [string, RemovalConfirmation]] : []));
}

/** The options of a set field the record had saved. */
function savedOptions(record: Record<string, unknown> | null, field: string): string[] {
  return (record?.[field] as string[] | undefined) ?? [];
}

/** The label of a field or `Child[2].Field` path, for server messages' {{label}}. */
function labelOf(tr: Tr, entity: AnyEntity, path: string): string {
  const match = /^([A-Za-z0-9]+)(?:\[\d+\]\.([A-Za-z0-9]+))?$/.exec(path);
  const top = match?.[1] ? (entity.fields[match[1]] as (FieldDefinition & { labelKey: string }) | undefined) : undefined;
  // A finding about the whole record (a duplicate key combination): "The record already exists."
  if (!top) return tr('forms:summary.record', 'The record');
  if (match?.[2] && top.type === 'children') {
    const child = (top as ChildrenField).fields[match[2]] as (FieldDefinition & { labelKey: string }) | undefined;
    if (child) return fieldLabel(tr, child.labelKey, match[2]);
  }
  return fieldLabel(tr, top.labelKey, match![1]!);
}

/** Server findings in the shape of the shared validator's, localized from their keys. */
function serverIssues(tr: Tr, entity: AnyEntity, errors: readonly ServerIssue[]): ValidationIssue[] {
  return errors.map((error) => {
    const params = error.params ?? {};
    return {
      field: error.field,
      key: error.key,
      params,
      message: tr(error.key, error.message, { label: labelOf(tr, entity, error.field), ...params }),
    };
  });
}

/** The server answer's message, translated when its code has a catalogue key (generic, or the entity's own). */
function outcomeText(tr: Tr, entity: AnyEntity, outcome: CallOutcome): string {
  switch (outcome.body?.ResultCode) {
    case 'no_changes':
      return tr('entities:result.noChanges', 'No changes made.');
    case 'version_conflict':
      return tr('entities:result.versionConflict', 'The record was changed by someone else. Reload it to see the changes.');
    case 'in_use':
      return tr('entities:result.inUse', 'The record is in use and cannot be deleted.');
    case 'not_found':
      return tr('entities:result.notFound', 'Not Found');
    case 'forbidden':
      return tr('entities:result.forbidden', 'You do not have sufficient permissions.');
    default: {
      const key = entity.resultKeys[outcome.body?.ResultCode ?? ''];
      return key ? tr(key, outcome.message ?? '') : (outcome.message ?? '');
    }
  }
}

export function EntityForm(props: EntityFormProps) {
  const { entity, routeProps, onClose, onSaved } = props;
  const { tr } = useText();
  const prefix = `f${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const access: FormAccess = props.access;
  // The view the route's Props select (definition's routeViews): new-record values and the title.
  const view = useMemo(() => routeView(entity, routeProps), [entity, routeProps]);

  const [recordId, setRecordId] = useState<string | null>(props.recordId);
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [initial, setInitial] = useState<Draft>(() => toDraft(entity, null));
  const [draft, setDraft] = useState<Draft>(() => toDraft(entity, null));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(props.recordId === null);
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [showSummary, setShowSummary] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const [panel, setPanel] = useState<Panel>('form');
  const [auditRefresh, setAuditRefresh] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const saving = useRef(false);
  // The id a create just assigned: the record on screen is already the saved one, no reload.
  const created = useRef<string | null>(null);

  useEffect(() => setRecordId(props.recordId), [props.recordId]);

  // The form's own texts and the shell's unsaved-changes dialog texts (the screen loads records, entities, errors).
  useEffect(() => {
    if (i18n.isInitialized) void i18n.loadNamespaces(['forms', 'apps']).catch(() => undefined);
  }, []);

  const mode: 'create' | 'update' = recordId === null ? 'create' : 'update';
  const editable = useMemo(() => new Set(editableFields(entity, access, mode)), [entity, access, mode]);
  const visible = useMemo(() => visibleFields(entity, access), [entity, access]);
  const readOnlyForm = !access.CanWrite || loadError !== null;

  /** A new record: the definition's defaults, then the route view's (a vendor firm route: a vendor). */
  const blankDraft = useCallback(() => {
    const next = toDraft(entity, null);
    // A copy: the draft is the form's own, never the definition's arrays.
    for (const [field, value] of Object.entries(view?.defaults ?? {})) next[field] = structuredClone(value);
    return next;
  }, [entity, view]);

  const applyRecord = useCallback(
    (data: Record<string, unknown>) => {
      const next = toDraft(entity, data);
      setRecord(data);
      setInitial(next);
      setDraft(next);
      setIssues([]);
      setShowSummary(false);
      setSubmitted(false);
    },
    [entity],
  );

  const load = useCallback(
    async (id: string) => {
      const outcome = await getRecord(entity.name, id);
      if (outcome.status !== 200 || !outcome.body?.Data) {
        setRecord(null);
        setLoadError(outcome.status === 0 ? (outcome.message ?? '') : outcomeText(tr, entity, outcome));
        setLoaded(true);
        return;
      }
      setLoadError(null);
      applyRecord(outcome.body.Data);
      setLoaded(true);
    },
    // tr is read when a load fails; a language change does not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entity.name, applyRecord],
  );

  useEffect(() => {
    if (recordId !== null && created.current === recordId) {
      created.current = null;
      return;
    }
    setBanner(null);
    if (recordId === null) {
      const blank = blankDraft();
      setRecord(null);
      setInitial(blank);
      setDraft(blank);
      setLoadError(null);
      setLoaded(true);
      return;
    }
    setLoaded(false);
    void load(recordId);
    // Only a different record reloads (a create that assigned the id keeps what is on screen).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordId === null ? null : `${entity.name}/${recordId}`]);

  const dirty = useMemo(() => dirtyFields(draft, initial).length > 0, [draft, initial]);
  // Save / Discard / Stay before the tab closes, Back or another record; the browser's question on unload.
  const { leaveAllowed, dirtyRef } = useUnsavedGuard(dirty, () => save(), { beforeUnload: true });

  // Live messages once the user has tried to save: the same validation as the save.
  const validate = useCallback(
    (current: Draft) =>
      validateDraft(entity, access, mode, current, initial, record, (key, fallback, params) => tr(key, fallback, params ?? {})),
    [entity, access, mode, initial, record, tr],
  );
  useEffect(() => {
    if (submitted) setIssues(validate(draft).result.errors);
  }, [draft, submitted, validate]);

  // Focus the first field with a message (after the render that shows it).
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = issues[0];
    if (!first) return;
    setPanel('form');
    const top = first.field.split(/[[.]/)[0] ?? '';
    const target =
      document.getElementById(inputId(prefix, first.field)) ?? (top ? document.getElementById(inputId(prefix, top)) : null) ?? summaryRef.current;
    target?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new focus request moves the focus
  }, [focusRequest]);

  const byField = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const issue of issues) {
      const list = map.get(issue.field) ?? [];
      list.push(issue.message);
      map.set(issue.field, list);
    }
    return map;
  }, [issues]);

  function showIssues(found: ValidationIssue[]) {
    setIssues(found);
    setShowSummary(true);
    setBanner({ kind: 'error', text: tr('entities:result.invalid', 'Some fields are not valid.') });
    setFocusRequest((n) => n + 1);
  }

  /** Saves; answers whether the record on screen is now saved (the close guard's Save closes only then). */
  async function save(confirmedFlags: readonly string[] = []): Promise<boolean> {
    if (readOnlyForm || saving.current) return false;
    setSubmitted(true);
    const { input, result } = validate(draft);
    if (!result.ok) {
      showIssues(result.errors);
      return false;
    }
    setIssues([]);
    setShowSummary(false);
    if (mode === 'update' && result.changed.length === 0) {
      setBanner({ kind: 'info', text: tr('entities:result.noChanges', 'No changes made.') });
      return true;
    }
    const body: Record<string, unknown> = { ...input };
    // A saved option removed (§5 firm types: an account deleted): the user confirmed it when unchecking.
    if (mode === 'update') {
      for (const [name, spec] of removalConfirmations(entity)) {
        const after = new Set((draft[name] as string[] | undefined) ?? []);
        if (confirmedFlags.includes(spec.flag) || savedOptions(record, name).some((option) => !after.has(option))) body[spec.flag] = true;
      }
    }
    saving.current = true;
    let outcome: Awaited<ReturnType<typeof updateRecord>>;
    try {
      outcome =
        mode === 'create'
          ? await createRecord(entity.name, body)
          : await updateRecord(entity.name, recordId!, { ...body, Version: record?.['Version'] });
    } finally {
      saving.current = false;
    }
    const answer = outcome.body;
    if (outcome.status === 200 && answer?.ResultStatus === 1 && answer.Data) {
      const saved = answer.Data;
      applyRecord(saved);
      setBanner({ kind: 'info', text: tr('entities:result.updated', 'Saved.') });
      setAuditRefresh((n) => n + 1);
      if (mode === 'create') {
        created.current = String(saved[entity.key]);
        setRecordId(created.current);
      }
      onSaved(saved);
      return true;
    }
    if (outcome.status === 200 && answer?.ResultCode === 'no_changes') {
      setBanner({ kind: 'info', text: tr('entities:result.noChanges', 'No changes made.') });
      return true;
    }
    const removal = removalConfirmations(entity).find(([, spec]) => outcome.status === 200 && answer?.ResultCode === spec.resultCode)?.[1];
    if (removal) {
      const listed = ((answer?.Data as Record<string, unknown> | undefined)?.[removal.resultList] as string[] | undefined) ?? [];
      if (await confirmRemoval(removal, listed.join(', '))) return save([...confirmedFlags, removal.flag]);
      return false;
    }
    if (answer?.ResultCode === 'validation_failed' && Array.isArray(answer.Data?.Errors)) {
      showIssues(serverIssues(tr, entity, answer.Data.Errors));
      return false;
    }
    if (answer?.ResultCode === 'version_conflict') {
      setBanner({ kind: 'conflict', text: outcomeText(tr, entity, outcome) });
      return false;
    }
    setBanner({ kind: 'error', text: outcome.status === 0 ? (outcome.message ?? '') : outcomeText(tr, entity, outcome) });
    return false;
  }

  /** Asks the removal question of a set field (`listed`: what is removed, '' when unknown). */
  async function confirmRemoval(spec: RemovalConfirmation, listed: string): Promise<boolean> {
    const answer = await askUser({
      heading: tr(spec.headingKey, spec.headingKey),
      message: listed ? tr(spec.messageKey, spec.messageKey, { [spec.param]: listed }) : tr(spec.messageKeyUnlisted, spec.messageKeyUnlisted),
      actions: [
        { id: 'confirm', label: tr(spec.confirmKey, spec.confirmKey), variant: 'danger' },
        { id: 'cancel', label: tr('forms:dialog.cancel', 'Cancel'), variant: 'default' },
      ],
    });
    return answer === 'confirm';
  }

  /** A saved option of a set field with a removal confirmation unchecked: ask first (§5 firm types). */
  async function onSetUncheck(field: string, option: string): Promise<boolean> {
    const definition = entity.fields[field];
    const spec = definition?.type === 'set' ? definition.removalConfirm : undefined;
    if (!spec || !savedOptions(record, field).includes(option)) return true;
    const optionKey = (definition as SetField).options?.find((o) => o.value === option)?.labelKey;
    return confirmRemoval(spec, optionKey ? tr(optionKey, option) : option);
  }

  async function back() {
    if (await leaveAllowed()) onClose();
  }

  async function goTo(target: string | null) {
    if (target !== null && props.siblings && (await leaveAllowed())) props.siblings.open(target);
  }

  async function reload(ask: boolean) {
    if (recordId === null) return;
    if (ask && dirtyRef.current) {
      const answer = await askUser({
        heading: tr('apps:unsaved.heading', 'Unsaved changes'),
        message: tr('entities:confirm.unsaved', 'You have unsaved changes. Discard them?'),
        actions: [
          { id: 'discard', label: tr('apps:unsaved.discard', 'Discard'), variant: 'danger' },
          { id: 'stay', label: tr('apps:unsaved.stay', 'Stay'), variant: 'default' },
        ],
      });
      if (answer !== 'discard') return;
    }
    await load(recordId);
    setBanner(null);
    setAuditRefresh((n) => n + 1);
  }

  async function remove() {
    if (recordId === null || !record || readOnlyForm) return;
    const answer = await askUser({
      heading: tr('entities:actions.delete', 'Delete'),
      message: tr('entities:confirm.delete', 'Delete this record?'),
      actions: [
        { id: 'delete', label: tr('entities:actions.delete', 'Delete'), variant: 'danger' },
        { id: 'cancel', label: tr('forms:dialog.cancel', 'Cancel'), variant: 'default' },
      ],
    });
    if (answer !== 'delete') return;
    const outcome = await deleteRecord(entity.name, recordId, Number(record['Version']));
    if (outcome.status === 200) {
      // Nothing left to guard: the record is gone.
      setInitial(draft);
      dirtyRef.current = false;
      onClose();
      return;
    }
    setBanner({ kind: outcome.body?.ResultCode === 'version_conflict' ? 'conflict' : 'error', text: outcomeText(tr, entity, outcome) });
  }

  function onKeyDown(event: KeyboardEvent) {
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === 's') {
      event.preventDefault();
      void save();
    } else if (event.altKey && key === 'r') {
      event.preventDefault();
      void reload(true);
    } else if (event.altKey && key === 'd') {
      event.preventDefault();
      void remove();
    } else if (event.altKey && props.siblings && (event.key === 'PageUp' || event.key === 'PageDown')) {
      event.preventDefault();
      void goTo(event.key === 'PageUp' ? props.siblings.previous : props.siblings.next);
    }
  }

  const setField = (name: string, value: unknown) => setDraft((current) => ({ ...current, [name]: value }));

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

  const entityTitle = tr(entity.labelKey, entity.name);
  const title = view?.titleKey ? tr(view.titleKey, entityTitle) : entityTitle;
  const recordTitle = recordId === null ? tr('forms:title.new', 'New record') : String(record?.[entity.displayField] ?? recordId);
  const headingId = `${prefix}-heading`;

  function renderField(name: string) {
    const field = entity.fields[name] as FieldDefinition & { labelKey: string };
    const readOnly = readOnlyForm || !editable.has(name);
    const errors = byField.get(name) ?? [];
    // A field widget the definition names (widgets.ts), e.g. the company logo's preview and upload.
    const Widget = fieldWidget(field.widget);
    if (Widget) {
      return (
        <Widget
          key={name}
          entity={entity}
          recordId={recordId}
          name={name}
          field={field}
          draft={draft}
          value={draft[name]}
          onChange={(value) => setField(name, value)}
          readOnly={readOnly}
          canWrite={!readOnlyForm && !access.ReadOnly.includes(name)}
          errors={errors}
          inputId={inputId(prefix, name)}
          errorId={errorId(prefix, name)}
          label={fieldLabel(tr, field.labelKey, name)}
          onRecordSaved={(data) => {
            // The widget wrote a new version: take it, keep the user's other edits.
            const fresh = toDraft(entity, data);
            const changed = new Set(dirtyFields(draft, initial));
            setRecord(data);
            setInitial(fresh);
            setDraft(Object.fromEntries(Object.keys(fresh).map((key) => [key, changed.has(key) ? draft[key] : fresh[key]])));
            setAuditRefresh((n) => n + 1);
            onSaved(data);
          }}
        />
      );
    }
    return (
      <FieldInput
        key={name}
        prefix={prefix}
        name={name}
        field={field}
        value={draft[name]}
        onChange={(value) => setField(name, value)}
        readOnly={readOnly}
        errors={errors}
        issues={issues}
        onSetUncheck={(option) => onSetUncheck(name, option)}
      />
    );
  }

  const saved = recordId !== null && record !== null;
  const tabs: { id: Panel; label: string }[] = [
    { id: 'form', label: tr('forms:tabs.record', 'Record') },
    ...(saved ? [{ id: 'audit' as const, label: tr('entities:actions.audit', 'Audit log') }] : []),
    ...(saved && entity.attachments ? [{ id: 'attachments' as const, label: tr('entities:actions.attachments', 'Attachments') }] : []),
  ];

  return (
    <section className="erp-entity-form" aria-labelledby={headingId} data-entity={entity.name} onKeyDown={onKeyDown}>
      <header className="erp-form-header">
        <FormButton className="erp-form-back" onClick={() => void back()}>
          {tr('forms:actions.back', 'Back to the list')}
        </FormButton>
        {props.siblings ? (
          <span className="erp-form-siblings" role="group" aria-label={tr('forms:actions.siblings', 'Records of the list')}>
            <FormButton
              disabled={props.siblings.previous === null}
              title={tr('forms:actions.previousHint', 'Previous record (Alt+Page Up)')}
              keyShortcuts="Alt+PageUp"
              data={{ 'data-form-sibling': 'previous' }}
              onClick={() => void goTo(props.siblings?.previous ?? null)}
            >
              {tr('forms:actions.previous', 'Previous record')}
            </FormButton>
            <FormButton
              disabled={props.siblings.next === null}
              title={tr('forms:actions.nextHint', 'Next record (Alt+Page Down)')}
              keyShortcuts="Alt+PageDown"
              data={{ 'data-form-sibling': 'next' }}
              onClick={() => void goTo(props.siblings?.next ?? null)}
            >
              {tr('forms:actions.next', 'Next record')}
            </FormButton>
          </span>
        ) : null}
        <h2 id={headingId}>
          {title}: <span className="erp-form-record">{recordTitle}</span>
        </h2>
        <div className="erp-form-actions" role="toolbar" aria-label={tr('forms:actions.toolbar', 'Record actions')}>
          {!readOnlyForm ? (
            <FormButton variant="primary" onClick={() => void save()} keyShortcuts="Control+S">
              {tr('entities:actions.save', 'Save')}
            </FormButton>
          ) : null}
          {saved ? (
            <FormButton onClick={() => void reload(true)} keyShortcuts="Alt+R">
              {tr('entities:actions.reload', 'Reload')}
            </FormButton>
          ) : null}
          {saved && !readOnlyForm ? (
            <FormButton variant="danger" onClick={() => void remove()} keyShortcuts="Alt+D">
              {tr('entities:actions.delete', 'Delete')}
            </FormButton>
          ) : null}
        </div>
      </header>

      {loadError !== null ? (
        <p className="erp-form-message erp-form-error" role="alert">
          {loadError}
        </p>
      ) : null}

      {banner ? (
        <div className={`erp-form-message${banner.kind === 'info' ? '' : ' erp-form-error'}`} role={banner.kind === 'info' ? 'status' : 'alert'}>
          <span>{banner.text}</span>
          {banner.kind === 'conflict' ? (
            <FormButton onClick={() => void reload(false)}>
              {tr('forms:conflict.reload', 'Reload the current record')}
            </FormButton>
          ) : null}
        </div>
      ) : null}

      {showSummary && issues.length > 0 ? (
        <div className="erp-form-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-label={tr('forms:summary.title', 'Fix these fields')}>
          <p>{tr('forms:summary.title', 'Fix these fields')}</p>
          <ul>
            {issues.map((issue, index) => (
              <li key={`${issue.field}-${index}`}>
                <a
                  href={`#${inputId(prefix, issue.field)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    const top = issue.field.split(/[[.]/)[0] ?? '';
                    (document.getElementById(inputId(prefix, issue.field)) ?? document.getElementById(inputId(prefix, top)))?.focus();
                  }}
                >
                  {issue.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {loadError === null && loaded ? (
        <>
          {tabs.length > 1 ? (
            <div className="erp-form-tabs" role="tablist" aria-label={tr('forms:tabs.label', 'Record views')}>
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
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            {sections.map((section, index) => (
              <fieldset key={index} className="erp-form-section">
                {section.titleKey ? <legend>{tr(section.titleKey, section.titleKey)}</legend> : null}
                {section.rows.map((row, rowIndex) => (
                  <div key={rowIndex} className="erp-form-row">
                    {row.map((name) => renderField(name))}
                  </div>
                ))}
              </fieldset>
            ))}
            {record ? <RecordTrail record={record} /> : null}
          </form>

          {saved && panel === 'audit' ? (
            <div id={`${prefix}-panel-audit`} role="tabpanel" aria-labelledby={`${prefix}-tab-audit`}>
              <AuditLog entity={entity.name} recordId={recordId} refresh={auditRefresh} />
            </div>
          ) : null}
          {saved && entity.attachments && panel === 'attachments' ? (
            <div id={`${prefix}-panel-attachments`} role="tabpanel" aria-labelledby={`${prefix}-tab-attachments`}>
              <Attachments
                entity={entity.name}
                recordId={recordId}
                canWrite={!readOnlyForm}
                onChanged={() => setAuditRefresh((n) => n + 1)}
              />
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
