/**
 * The state and actions of the generic record form (EntityForm renders them): the record loaded and its
 * draft, live validation once a save was tried, save (create / update, a removal question, the server's
 * findings, a version conflict), reload, delete, Back and the sibling records, the unsaved-changes guard and
 * the form's hotkeys (Ctrl+S, Alt+R, Alt+D, Alt+Page Up / Page Down). The behaviour is documented on
 * EntityForm.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { askUser, i18n } from '@erp/shared';
import type { RemovalConfirmation, SetField } from '../../../../shared/src/entities/define.ts';
import type { ValidationIssue } from '../../../../shared/src/entities/validate.ts';
import { routeView } from '../data/query.ts';
import type { EntityFormProps } from './EntityForm.tsx';
import { failureText, outcomeBannerText, removalConfirmations, savedOptions, serverIssues } from './entity-outcome.ts';
import { focusIssue } from './FormParts.tsx';
import { useBanner } from './banner.ts';
import { matchesHotkey } from '../list/keyboard.ts';
import { dirtyFields, editableFields, toDraft, validateDraft, visibleFields, type Draft, type FormAccess } from './form-state.ts';
import { createRecord, deleteRecord, getRecord, updateRecord } from './record-api.ts';
import { useText } from './text.ts';
import { useUnsavedGuard } from './unsaved.ts';

export type Banner = { kind: 'info' | 'error' | 'conflict'; text: string } | null;
type BannerKind = 'info' | 'error' | 'conflict';
export type Panel = 'form' | 'history' | 'audit' | 'attachments';

/** The question before a discarding reload or a delete: answers whether the user chose `yes`. */
async function confirmAction(heading: string, message: string, yes: { id: string; label: string }, cancelLabel: string, cancelId: string): Promise<boolean> {
  const answer = await askUser({
    heading,
    message,
    actions: [
      { ...yes, variant: 'danger' },
      { id: cancelId, label: cancelLabel, variant: 'default' },
    ],
  });
  return answer === yes.id;
}

export function useEntityForm(props: EntityFormProps) {
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
  // Issue 71 item 2: a banner follows a language switch (banner.ts).
  const [banner, setBanner] = useBanner<BannerKind>();
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
        setLoadError(failureText(tr, entity, outcome));
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
    focusIssue(prefix, first.field, summaryRef.current);
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
    setBanner({ kind: 'error', text: () => tr('entities:result.invalid', 'Some fields are not valid.') });
    setFocusRequest((n) => n + 1);
  }

  const noChanges = () => setBanner({ kind: 'info', text: () => tr('entities:result.noChanges', 'No changes made.') });

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
      noChanges();
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
      setBanner({ kind: 'info', text: () => tr('entities:result.updated', 'Saved.') });
      setAuditRefresh((n) => n + 1);
      if (mode === 'create') {
        created.current = String(saved[entity.key]);
        setRecordId(created.current);
      }
      onSaved(saved);
      return true;
    }
    if (outcome.status === 200 && answer?.ResultCode === 'no_changes') {
      noChanges();
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
      setBanner({ kind: 'conflict', text: outcomeBannerText(tr, entity, outcome) });
      return false;
    }
    setBanner({ kind: 'error', text: outcomeBannerText(tr, entity, outcome, true) });
    return false;
  }

  /** Asks the removal question of a set field (`listed`: what is removed, '' when unknown). */
  function confirmRemoval(spec: RemovalConfirmation, listed: string): Promise<boolean> {
    return confirmAction(
      tr(spec.headingKey, spec.headingKey),
      listed ? tr(spec.messageKey, spec.messageKey, { [spec.param]: listed }) : tr(spec.messageKeyUnlisted, spec.messageKeyUnlisted),
      { id: 'confirm', label: tr(spec.confirmKey, spec.confirmKey) },
      tr('forms:dialog.cancel', 'Cancel'),
      'cancel',
    );
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
    if (
      ask &&
      dirtyRef.current &&
      !(await confirmAction(
        tr('apps:unsaved.heading', 'Unsaved changes'),
        tr('entities:confirm.unsaved', 'You have unsaved changes. Discard them?'),
        { id: 'discard', label: tr('apps:unsaved.discard', 'Discard') },
        tr('apps:unsaved.stay', 'Stay'),
        'stay',
      ))
    ) {
      return;
    }
    await load(recordId);
    setBanner(null);
    setAuditRefresh((n) => n + 1);
  }

  async function remove() {
    if (recordId === null || !record || readOnlyForm) return;
    const deleteLabel = tr('entities:actions.delete', 'Delete');
    const confirmed = await confirmAction(
      deleteLabel,
      tr('entities:confirm.delete', 'Delete this record?'),
      { id: 'delete', label: deleteLabel },
      tr('forms:dialog.cancel', 'Cancel'),
      'cancel',
    );
    if (!confirmed) return;
    const outcome = await deleteRecord(entity.name, recordId, Number(record['Version']));
    if (outcome.status === 200) {
      // Nothing left to guard: the record is gone.
      setInitial(draft);
      dirtyRef.current = false;
      onClose();
      return;
    }
    setBanner({ kind: outcome.body?.ResultCode === 'version_conflict' ? 'conflict' : 'error', text: outcomeBannerText(tr, entity, outcome) });
  }

  function onKeyDown(event: KeyboardEvent) {
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === 's') {
      event.preventDefault();
      void save();
    } else if (props.onNew && matchesHotkey('Alt+N', event)) {
      // The keyboard contract (docs/keyboard.md): Alt+N starts a new record here too, after the unsaved check.
      event.preventDefault();
      void leaveAllowed().then((allowed) => allowed && props.onNew?.());
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

  /** A field widget wrote a new version of the record (an upload): take it, keep the user's other edits. */
  function takeWidgetSave(data: Record<string, unknown>) {
    const fresh = toDraft(entity, data);
    const changed = new Set(dirtyFields(draft, initial));
    setRecord(data);
    setInitial(fresh);
    setDraft(Object.fromEntries(Object.keys(fresh).map((key) => [key, changed.has(key) ? draft[key] : fresh[key]])));
    setAuditRefresh((n) => n + 1);
    onSaved(data);
  }

  return {
    entity,
    access,
    tr,
    prefix,
    view,
    recordId,
    record,
    draft,
    loadError,
    loaded,
    issues,
    showSummary,
    banner,
    panel,
    setPanel,
    auditRefresh,
    refreshAudit: () => setAuditRefresh((n) => n + 1),
    summaryRef,
    editable,
    visible,
    readOnlyForm,
    byField,
    save,
    onSetUncheck,
    back,
    goTo,
    reload,
    remove,
    onKeyDown,
    setField,
    takeWidgetSave,
    dirty,
    /** True while a save is in flight (its own change is no news to the live notice). */
    saving: () => saving.current,
  };
}

/** The form's state and actions, as EntityForm's parts read them. */
export type EntityFormModel = ReturnType<typeof useEntityForm>;
