/**
 * The document form (issue 12 "Documents" and "States and actions"): the header fields of the definition's
 * form layout, the line grid (LineGrid) of its line collection, the computed totals (the shared evaluator,
 * shared/src/entities/compute.ts, the same the server runs), the state, and exactly the actions the state
 * allows as buttons. Issue 40 item 8: an irreversible action asks the one Yes/No confirmation
 * (`confirmationOf`), a reversible one nothing; a new, unsaved document offers Discard, never an action that voids
 * it; a banner belongs to the action that raised it (a new action clears it, typing hides a success); sections
 * marked `afterLines` (totals) follow the lines. Issue 40 item 6: the focus stays in the form through a save or
 * an action (keep-focus.ts), so the next key still reaches it.
 *
 * Calls (quiet, the form shows each answer): GET/POST/PUT/DELETE /api/data/:entity[/:id] and
 * POST /api/data/:entity/:id/actions/:action { Version, Confirmations }. The §5 confirmation exchange: an
 * answer with ResultStatus 3 and Data.Question is asked Yes/No (`askUser`); Yes resends the same call with
 * the question's id added to `Confirmations`. A refused call shows the server's message (in the user's
 * language) and marks the fields and cells it names. When the state forbids edits the whole form is
 * read-only and says why. Unsaved changes: Save / Discard / Stay before closing.
 *
 * Props: entity (definition), recordId (null: new), canWrite, onClose(), onSaved().
 *
 * Issue 42 item 4: a saved document has two tabs (an F2 region): the document and its History (RecordHistory:
 * its changes, and the document as of a day).
 *
 * Parts: use-document.ts (the record, header, lines, totals, line edits), ask.ts (the questions and the §5
 * exchange), DocumentLines, and the form/FormParts markup shared with the record form.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { api, colon, saveFile } from '@erp/shared';
import type { AnyEntity, LineSource, TransitionSpec } from '../../../../shared/src/entities/define.ts';
import { Attachments } from '../form/Attachments.tsx';
import { FieldInput } from '../form/fields/FieldInput.tsx';
import { FormMessage, FormSections, FormToolbar, RecordHeading } from '../form/FormParts.tsx';
import type { BannerText } from '../form/banner.ts';
import { call, recordPath, type CallOutcome } from '../form/record-api.ts';
import { draftValue } from '../form/form-state.ts';
import { useText } from '../form/text.ts';
import { useUnsavedGuard } from '../form/unsaved.ts';
import { askYesNo, exchange } from './ask.ts';
import { allowedActions, confirmationOf, isDeletable, isEditable, stateOf } from './document-state.ts';
import { focusMark, restoreFocus, type FocusMark } from '../form/keep-focus.ts';
import { DocumentLines } from './DocumentLines.tsx';
import { LineSourceDialog } from './LineSourceDialog.tsx';
import { LiveRecordNotice, useLiveRecord } from '../form/LiveRecord.tsx';
import { RelatedDocuments } from './RelatedDocuments.tsx';
import { RecordHistory } from '../form/RecordHistory.tsx';
import { tabAfterKey } from '../tabs/TabbedPanes.tsx';
import { ariaShortcut, matchesHotkey } from '../list/keyboard.ts';
import { firstEditable } from '../list/regions.ts';
import { useDocument } from './use-document.ts';
import { downloadReport } from '../report/report-api.ts';
import { useRecordAddress } from '../entity-screen/pane-address.ts';
import { CopyLinkButton } from '../form/CopyLink.tsx';

/** E-mail a document (issue 40 item 4): beside Ctrl+P, a key no document action uses. */
const EMAIL_KEY = 'Ctrl+Shift+E';

/** A button's tooltip with its keys: "Post (Alt+P)". */
const withKeys = (label: string, keys: string | undefined) => (keys ? `${label} (${keys})` : label);

export interface DocumentFormProps {
  entity: AnyEntity;
  recordId: string | null;
  canWrite: boolean;
  onClose(): void;
  onSaved(): void;
  /** Starts a new document in place of this one (Alt+N); absent, Alt+N is left to the page. */
  onNew?(): void;
  /** Shows the record's attachments (§5) under the lines once it is saved (DocumentScreenOptions.attachments). */
  attachments?: boolean;
  /** What an action asks the user first (issue 21 item 8: the invoices to apply), by action. */
  actionInputs?: ActionInputs | undefined;
  /** A new document's values from the route's view (definition routeViews). */
  defaults?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Per action, what the user is asked before it runs, given the saved record: fields added to the action's
 * body (e.g. `{ Invoices: [...] }`), or null when the user cancelled (the action does not run).
 */
export type ActionInputs = Readonly<Record<string, (record: Record<string, unknown>) => Promise<Record<string, unknown> | null>>>;

export function DocumentForm(props: DocumentFormProps) {
  const { entity: def } = props;
  const { tr, language } = useText();
  const model = useDocument(def, props.recordId, tr, props.defaults);
  const { record, loaded, header, errors, banner, setBanner, show, dirty } = model;
  // Issue 71: a new document once saved is at its own address.
  const recordKey = record ? String(record[def.key]) : null;
  useRecordAddress(recordKey);
  const [busy, setBusy] = useState(false);
  // The line source whose dialog is open (definition `sources`: "Add from sales order").
  const [source, setSource] = useState<LineSource | null>(null);
  // Issue 42 item 4: the document itself, or its History (a saved document's tab strip, an F2 region).
  const [panel, setPanel] = useState<'document' | 'history'>('document');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLElement>(null);
  // Issue 40 item 6: where the focus was when a save or an action started; put back after its answer's render.
  const [focusBack, setFocusBack] = useState<FocusMark | null>(null);
  useLayoutEffect(() => {
    if (focusBack) restoreFocus(formRef.current, focusBack, headingRef.current);
  }, [focusBack]);
  /** Runs a save or an action keeping the focus in the form (busy disables the button that had it). */
  async function keepingFocus<T>(work: () => Promise<T>): Promise<T> {
    const mark = focusMark(formRef.current);
    try {
      return await work();
    } finally {
      setFocusBack({ ...mark });
    }
  }

  const editable = props.canWrite && isEditable(def, record);
  const state = stateOf(def, record);
  // Issue 42: changed elsewhere (reload / keep mine), and who else has the document open or is editing it.
  const busyRef = useRef(false);
  busyRef.current = busy;
  const live = useLiveRecord({ entity: def.name, id: recordKey, version: record?.['Version'], dirty, busy: () => busyRef.current });
  async function reloadDocument() {
    if (!recordKey) return;
    const outcome = await call<Record<string, unknown>>('GET', recordPath(def.name, recordKey));
    if (outcome.status === 200 && outcome.body?.Data) show(outcome.body.Data);
  }

  function report(outcome: CallOutcome<unknown>) {
    const list = ((outcome.body?.Data as { Errors?: { field: string; message: string }[] } | undefined)?.Errors ?? []);
    model.setErrors(new Map(list.map((issue) => [issue.field, issue.message])));
    setBanner({ kind: 'error', text: outcome.message ?? '' });
  }

  async function save(): Promise<Record<string, unknown> | null> {
    const body = model.saveBody();
    // Issue 40 item 8: a banner belongs to the action that raised it; a new one replaces it.
    setBanner(null);
    setBusy(true);
    try {
      const outcome = await exchange(tr, tr(def.labelKey, def.name), (confirmations) => {
        const sent = confirmations.length > 0 ? { ...body, Confirmations: confirmations } : body;
        return record ? call('PUT', recordPath(def.name, String(record[def.key])), sent) : call('POST', `data/${encodeURIComponent(def.name)}`, sent);
      });
      if (!outcome) return null;
      if (outcome.status >= 200 && outcome.status < 300 && outcome.body?.ResultStatus !== 2) {
        const saved = (outcome.body?.Data as Record<string, unknown> | undefined) ?? record;
        show(saved ?? null);
        setBanner({ kind: 'info', text: outcome.body?.Message ?? '' });
        props.onSaved();
        return saved ?? null;
      }
      report(outcome);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function run(transition: TransitionSpec) {
    // Issue 40 item 8: the one confirmation of an irreversible action (its own text, else the generic one);
    // a reversible action asks nothing.
    const question = confirmationOf(transition);
    const label = tr(transition.labelKey, transition.action);
    const number = record ? String(record[def.numbering?.field ?? def.key] ?? '') : '';
    if (question && !(await askYesNo(tr, label, tr(question, '{{action}} {{number}}? This cannot be undone.', { action: label, number }), 'primary'))) return;
    setBanner(null);
    let current = record;
    if ((dirty || !record) && editable) {
      current = await save();
      if (!current) return;
    }
    if (!current) return;
    const ask = props.actionInputs?.[transition.action];
    const input = ask ? await ask(current) : {};
    if (!input) return;
    setBusy(true);
    try {
      const outcome = await exchange(tr, tr(def.labelKey, def.name), (confirmations) =>
        call('POST', `${recordPath(def.name, String(current![def.key]))}/actions/${encodeURIComponent(transition.action)}`, {
          ...input,
          Version: current!['Version'],
          ...(confirmations.length > 0 ? { Confirmations: confirmations } : {}),
        }),
      );
      if (!outcome) return;
      if (outcome.status === 200 && outcome.body?.ResultStatus === 1) {
        const after = (outcome.body.Data as Record<string, unknown> | undefined) ?? current;
        show(after);
        setBanner({ kind: 'info', text: doneText(outcome.body.Message ?? '', after) });
        props.onSaved();
        await handOver(after);
      } else report(outcome);
    } finally {
      setBusy(false);
    }
  }

  /**
   * Issue 40 item 4: an action that made a file hands it over at once (`ActionResult.Download`: a run's cheques
   * PDF), and only then says its own "printed" message; a refused download is alerted (§8) and the "posted" stays.
   */
  async function handOver(after: Record<string, unknown>) {
    const download = (after['ActionResult'] as { Download?: { Path?: unknown; Message?: unknown } } | undefined)?.Download;
    if (!download || typeof download.Path !== 'string') return;
    try {
      saveFile(await api.download(download.Path), download.Path.split('/').pop() ?? 'download');
      if (typeof download.Message === 'string') setBanner({ kind: 'info', text: download.Message });
    } catch {
      // the §8 alert has said why
    }
  }

  /**
   * Issue 21 item 6: a success says what happened. The server's generic "Done." becomes "IC000123 is now
   * Closed." (the document's number and its new state); a message of the action's own is kept.
   */
  function doneText(message: string, after: Record<string, unknown>): BannerText {
    const next = stateOf(def, after);
    if ((message !== '' && message !== tr('entities:result.actionDone', 'Done.')) || !next) return message;
    // Written from keys at each render: it follows a language switch (issue 71 item 2).
    return () => {
      const options = def.states ? (def.fields[def.states.field] as { options?: readonly { value: string; labelKey: string }[] }).options : undefined;
      const label = tr(options?.find((option) => option.value === next)?.labelKey ?? '', next);
      const number = String(after[def.numberField] ?? after[def.key] ?? '');
      return tr('records:document.actionDone', '{{number}} is now {{state}}.', { number, state: label });
    };
  }

  // A saved document in one of its print states (definition `print.states`; any when not given).
  const printable = Boolean(def.print && record && (!def.print.states || (def.states && def.print.states.includes(String(record[def.states.field])))));

  /**
   * Print (Ctrl+P): the document's PDF from its print report (definition `print`), with the record's number.
   * Unsaved changes are saved first, so the paper says what the database says. A refusal is already shown
   * by the download (§8); nothing else changes.
   */
  async function print() {
    const spec = def.print;
    if (!spec || !record || !printable) return;
    let current: Record<string, unknown> | null = record;
    if (dirty && editable) current = await save();
    if (!current) return;
    setBusy(true);
    try {
      await downloadReport(spec.report, 'pdf', { [spec.parameter]: String(current[spec.field ?? def.key] ?? '') });
    } catch {
      // the §8 alert has said why
    } finally {
      setBusy(false);
    }
  }

  /**
   * E-mail (Ctrl+Shift+E; issue 40 item 4): the server sends the print's PDF to the document's firm (definition
   * `email`, server/src/mail/documents.ts). It asks first, naming the recipient (§5); its answer — sent, or why
   * not (no address, the mail server's refusal) — is the banner. Unsaved changes are saved first.
   */
  async function email() {
    if (!def.email || !record || !printable) return;
    let current: Record<string, unknown> | null = record;
    if (dirty && editable) current = await save();
    if (!current) return;
    setBanner(null);
    setBusy(true);
    try {
      const outcome = await exchange(tr, tr('records:document.email', 'E-mail'), (confirmations) =>
        call('POST', `${recordPath(def.name, String(current![def.key]))}/email`, confirmations.length > 0 ? { Confirmations: confirmations } : {}),
      );
      if (!outcome) return;
      if (outcome.status === 200 && outcome.body?.ResultStatus === 1) setBanner({ kind: 'info', text: outcome.body.Message ?? '' });
      else report(outcome);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!record) return;
    if (!(await askYesNo(tr, tr('entities:actions.delete', 'Delete'), tr('entities:confirm.delete', 'Delete this record?'), 'danger'))) return;
    const outcome = await call('DELETE', recordPath(def.name, String(record[def.key])), undefined, { Version: record['Version'] as number });
    if (outcome.status === 200) {
      props.onSaved();
      props.onClose();
    } else report(outcome);
  }

  // Save / Discard / Stay before the tab closes or Back (the record form's guard).
  const { leaveAllowed } = useUnsavedGuard(dirty, async () => (await save()) !== null);

  async function back() {
    if (!(await leaveAllowed())) return;
    props.onClose();
  }

  // Issue 21 item 2: once loaded, the focus is in the first field the user can type into (the heading when
  // nothing is editable). In the commit, not after the paint, so the first frame already has it.
  useLayoutEffect(() => {
    if (!loaded) return;
    (firstEditable(formRef.current?.querySelector('.erp-form-body') ?? document.createElement('div')) ?? headingRef.current)?.focus();
  }, [loaded, props.recordId]);

  /** The keyboard contract (docs/keyboard.md): Ctrl+S saves, Alt+N a new document, each action its hotkey. */
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (busy) return;
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && !event.altKey && key === 's') {
      event.preventDefault();
      if (editable) void keepingFocus(save);
      return;
    }
    if (printable && matchesHotkey('Ctrl+P', event)) {
      event.preventDefault();
      void print();
      return;
    }
    if (printable && def.email && matchesHotkey(EMAIL_KEY, event)) {
      event.preventDefault();
      void keepingFocus(email);
      return;
    }
    if (props.onNew && matchesHotkey('Alt+N', event)) {
      event.preventDefault();
      void leaveAllowed().then((allowed) => allowed && props.onNew?.());
      return;
    }
    if (props.canWrite && isDeletable(def, record) && matchesHotkey('Alt+D', event)) {
      event.preventDefault();
      void remove();
      return;
    }
    const hotSource = editable ? model.lines?.field.sources?.find((candidate) => candidate.hotkey && matchesHotkey(candidate.hotkey, event)) : undefined;
    if (hotSource) {
      event.preventDefault();
      setSource(hotSource);
      return;
    }
    const transition = actions.find((candidate) => candidate.hotkey && matchesHotkey(candidate.hotkey, event));
    if (transition) {
      event.preventDefault();
      void keepingFocus(() => run(transition));
    }
  }

  const actions = props.canWrite && loaded ? allowedActions(def, record, null) : [];
  if (!loaded) return <p className="records-loading" aria-busy="true" />;

  const title = tr(def.labelKey, def.name);
  const documentTabs: { id: 'document' | 'history'; label: string }[] = [
    { id: 'document', label: tr('records:document.tab', 'Document') },
    { id: 'history', label: tr('entities:history.title', 'History') },
  ];
  // A new document has no history: its fields show whatever tab was chosen before.
  const shownPanel = record ? panel : 'document';
  const numberField = def.numberField;
  const recordTitle = record ? String(record[numberField] ?? record[def.key] ?? '') : tr('forms:title.new', 'New');
  const stateField = def.states ? (def.fields[def.states.field] as { options?: readonly { value: string; labelKey: string }[] }) : null;
  const stateLabel = state && stateField?.options ? tr(stateField.options.find((option) => option.value === state)?.labelKey ?? '', state) : state;

  // Issue 40 item 8: the header's sections above the lines, those marked afterLines (the totals) under them.
  const headerSections = def.formLayout.sections.filter((section) => !section.afterLines);
  const footerSections = def.formLayout.sections.filter((section) => section.afterLines);
  const fieldOf = (name: string) => {
    const field = def.fields[name]!;
    // Another record's internal key is carried, never shown (issue 40 item 3).
    if (field.internal) return null;
    const computed = model.computedNames.has(name);
    const error = errors.get(name);
    return (
      <FieldInput
        key={name}
        prefix={`doc-${def.name}`}
        from={def.name}
        record={header}
        name={name}
        field={field}
        value={computed ? draftValue(field, model.totals[name]) : header[name]}
        readOnly={!editable || !model.writableHeader.includes(name)}
        errors={error ? [error] : []}
        issues={[]}
        onChange={(next) => model.onHeaderChange(name, next)}
        onDefaults={(values) => {
          for (const [field, value] of Object.entries(values)) {
            // Lines a pick fills (issue 71 item 2: an invoice opened from a receipt) go to the grid while it is blank.
            if (model.lines && field === model.lines.name) model.fillBlankLines(Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
            else model.onHeaderChange(field, value);
          }
        }}
      />
    );
  };

  return (
    <section
      className="erp-entity-form erp-document"
      ref={formRef}
      data-entity={def.name}
      data-state={state ?? undefined}
      aria-busy={busy || undefined}
      onKeyDown={onKeyDown}
    >
      <header className="erp-form-header">
        <button type="button" className="erp-form-back" onClick={() => void back()}>
          {tr('forms:actions.back', 'Back to list')}
        </button>
        <RecordHeading level={3} headingRef={headingRef} title={title} record={recordTitle} />
        {state && (
          <p className="erp-document-state" role="status">
            {tr('records:document.state', 'State')}
            {colon(language)}
            <strong data-document-state={state}>{stateLabel}</strong>
          </p>
        )}
        <FormToolbar tr={tr}>
          {editable && (
            <button
              type="button"
              className={actions.length === 0 ? 'erp-primary' : undefined}
              disabled={busy}
              onClick={() => void keepingFocus(save)}
              aria-keyshortcuts="Control+S"
              title={withKeys(tr('entities:actions.save', 'Save'), 'Ctrl+S')}
            >
              {tr('entities:actions.save', 'Save')}
            </button>
          )}
          {actions.map((transition) => (
            <button
              key={transition.action}
              type="button"
              className={transition.primary ? 'erp-primary' : undefined}
              disabled={busy}
              data-action={transition.action}
              aria-keyshortcuts={ariaShortcut(transition.hotkey)}
              title={withKeys(tr(transition.labelKey, transition.action), transition.hotkey)}
              onClick={() => void keepingFocus(() => run(transition))}
            >
              {tr(transition.labelKey, transition.action)}
            </button>
          ))}
          {!record && editable && (
            // Issue 40 item 8: a new, unsaved document is discarded, not cancelled (it offers no state action).
            <button type="button" disabled={busy} data-action="discard" onClick={() => props.onClose()}>
              {tr('records:document.discard', 'Discard')}
            </button>
          )}
          {printable && (
            <button
              type="button"
              disabled={busy}
              data-action="print"
              onClick={() => void print()}
              aria-keyshortcuts="Control+P"
              title={withKeys(tr('records:document.print', 'Print'), 'Ctrl+P')}
            >
              {tr('records:document.print', 'Print')}
            </button>
          )}
          {printable && def.email && (
            <button
              type="button"
              disabled={busy}
              data-action="email"
              onClick={() => void keepingFocus(email)}
              aria-keyshortcuts={ariaShortcut(EMAIL_KEY)}
              title={withKeys(tr('records:document.email', 'E-mail'), EMAIL_KEY)}
            >
              {tr('records:document.email', 'E-mail')}
            </button>
          )}
          {recordKey !== null && <CopyLinkButton recordId={recordKey} tr={tr} disabled={busy} />}
          {props.canWrite && isDeletable(def, record) && (
            <button
              type="button"
              className="erp-danger"
              disabled={busy}
              onClick={() => void remove()}
              aria-keyshortcuts="Alt+D"
              title={withKeys(tr('entities:actions.delete', 'Delete'), 'Alt+D')}
            >
              {tr('entities:actions.delete', 'Delete')}
            </button>
          )}
        </FormToolbar>
      </header>
      {!editable && record && props.canWrite && (
        <FormMessage kind="note">{tr('records:document.readOnly', 'This document is {{state}}: it can no longer be changed.', { state: stateLabel })}</FormMessage>
      )}
      {banner && banner.text && !(banner.kind === 'info' && dirty) && <FormMessage kind={banner.kind}>{banner.text}</FormMessage>}
      <LiveRecordNotice live={live} tr={tr} onReload={() => void reloadDocument()} />
      {/* Issue 40 item 4: what this document makes next and its related documents (RelatedDocuments.tsx). */}
      <RelatedDocuments entity={def} record={record} tr={tr} />
      {record && (
        <div className="erp-form-tabs" role="tablist" aria-label={tr('forms:tabs.label', 'Record views')} data-f2-region="tabs">
          {documentTabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`doc-${def.name}-tab-${tab.id}`}
              aria-selected={shownPanel === tab.id}
              aria-controls={`doc-${def.name}-panel-${tab.id}`}
              tabIndex={shownPanel === tab.id ? 0 : -1}
              onClick={() => setPanel(tab.id)}
              onKeyDown={(event) => {
                // The tablist keys of every tab strip (TabbedPanes): arrows wrap, Home and End.
                const next = documentTabs[tabAfterKey(event.key, documentTabs.findIndex((t) => t.id === shownPanel), documentTabs.length)];
                if (!next) return;
                event.preventDefault();
                setPanel(next.id);
                document.getElementById(`doc-${def.name}-tab-${next.id}`)?.focus();
              }}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      {record && shownPanel === 'history' && (
        <div id={`doc-${def.name}-panel-history`} role="tabpanel" aria-labelledby={`doc-${def.name}-tab-history`}>
          <RecordHistory entity={def} recordId={String(record[def.key])} current={record} refresh={record['Version']} />
        </div>
      )}
      <div
        className="erp-form-body"
        hidden={shownPanel !== 'document'}
        {...(record ? { id: `doc-${def.name}-panel-document`, role: 'tabpanel', 'aria-labelledby': `doc-${def.name}-tab-document` } : {})}
      >
        <div className="erp-form-fields" data-f2-region="fields">
        <FormSections
          sections={headerSections}
          legend={(key) => tr(key, '')}
          field={fieldOf}
        />
        </div>
        <DocumentLines from={def.name} model={model} editable={editable} language={language} tr={tr} onSave={async () => (await save()) !== null} onSource={setSource} />
        {footerSections.length > 0 && (
          <div className="erp-form-fields erp-document-totals" data-f2-region="totals">
            <FormSections sections={footerSections} legend={(key) => tr(key, '')} field={fieldOf} />
          </div>
        )}
        {source && model.lines && (
          <LineSourceDialog
            from={def.name}
            source={source}
            field={def.fields[source.field]! as AnyEntity['fields'][string]}
            lines={model.lines.field}
            header={header}
            headerWire={{ ...model.saveBody(), [model.lines.name]: undefined, [def.key]: record?.[def.key] ?? null }}
            existing={new Set(source.unique ? model.rows.map((row) => String(row[source.unique!] ?? '').trim().toUpperCase()).filter(Boolean) : [])}
            tr={tr}
            onAdd={(pick, added) => {
              model.onHeaderChange(source.field, pick);
              model.appendLines(added);
            }}
            onClose={() => setSource(null)}
          />
        )}
        {props.attachments && def.attachments && record && (
          <fieldset className="erp-form-section erp-document-attachments">
            <legend>{tr('entities:actions.attachments', 'Attachments')}</legend>
            <Attachments entity={def.name} recordId={String(record[def.key])} canWrite={props.canWrite} onChanged={() => undefined} />
          </fieldset>
        )}
      </div>
    </section>
  );
}
