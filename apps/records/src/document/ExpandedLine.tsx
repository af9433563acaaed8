/**
 * The expanded line window (§2 "expanded order-line window"; definition `ChildrenField.expanded`): every field of
 * one document line as a form in a modal dialog — the grid's columns and the details shown only here (`only`).
 * Edits go straight into the line's draft, so the grid shows them at once. OK saves the document and closes;
 * a refused save keeps the dialog open with §8 "Saving expanded order lines failed." and the server's reasons
 * on the fields of this line. Cancel (or Escape) puts the line's values back as they were when it opened.
 *
 * Keyboard: the first editable field has the focus on open; Ctrl+S or Ctrl+Enter is OK; Escape is Cancel.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ChildrenField } from '../../../../shared/src/entities/define.ts';
import { FieldInput } from '../form/fields/FieldInput.tsx';
import { draftValue } from '../form/form-state.ts';
import { firstEditable } from '../list/regions.ts';
import type { Tr } from '../form/text.ts';
import type { LineDraft } from './document-state.ts';

export interface ExpandedLineProps {
  /** The document's entity and its lines' field name: the lookups are asked for as `<lines>.<field>`. */
  from: string;
  linesName: string;
  field: ChildrenField;
  /** The document's header (a line lookup's `whereFrom` reads it). */
  header: Readonly<Record<string, unknown>>;
  row: LineDraft;
  index: number;
  computed: Record<string, unknown>;
  editable: boolean;
  /** Messages by path (`Lines[2].UnitPrice`). */
  errors: ReadonlyMap<string, string>;
  tr: Tr;
  onChange(field: string, value: unknown): void;
  /** Saves the document; true when saved. */
  onSave(): Promise<boolean>;
  onClose(): void;
}

export function ExpandedLine(props: ExpandedLineProps) {
  const { field, row, tr } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  // The values as they were on open: Cancel writes them back.
  const opened = useRef<LineDraft>(row);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const names = Object.keys(field.fields).filter((name) => name !== field.key && !field.fields[name]!.internal);
  const title = tr('records:document.expandedTitle', 'Line {{line}}', { line: props.index + 1 });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    (firstEditable(element) ?? element.querySelector<HTMLElement>('button'))?.focus();
    return () => element.close();
  }, []);

  const cancel = () => {
    for (const name of names) if (props.row[name] !== opened.current[name]) props.onChange(name, opened.current[name]);
    props.onClose();
  };
  const ok = async () => {
    if (!props.editable) return props.onClose();
    setBusy(true);
    try {
      if (await props.onSave()) props.onClose();
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && !event.altKey && (key === 's' || key === 'enter')) {
      event.preventDefault();
      event.stopPropagation();
      void ok();
    }
  };

  const path = (name: string) => `${props.linesName}[${props.index}].${name}`;
  return (
    <dialog
      ref={dialog}
      className="erp-dialog erp-expanded-line"
      aria-label={title}
      aria-busy={busy || undefined}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <h3>{title}</h3>
      {failed && (
        <p role="alert" className="erp-field-error">
          {tr('records:document.expandedSaveFailed', 'Saving expanded order lines failed.')}
        </p>
      )}
      <div className="erp-form-fields erp-expanded-line-fields">
        {names.map((name) => {
          const child = field.fields[name]! as typeof field.fields[string] & { labelKey: string };
          // Read-only line fields show the line's computed values (the shared evaluator's, as the grid does).
          const computed = Boolean(child.readOnly);
          const error = props.errors.get(path(name));
          return (
            <FieldInput
              key={name}
              prefix={`expanded-${props.linesName}-${row._rid}`}
              from={props.from}
              path={`${props.linesName}.${name}`}
              record={props.header}
              name={name}
              field={child}
              value={computed ? draftValue(child, props.computed[name] ?? row[name]) : row[name]}
              readOnly={!props.editable || computed}
              errors={error ? [error] : []}
              issues={[]}
              onChange={(value) => props.onChange(name, value)}
            />
          );
        })}
      </div>
      <div className="erp-dialog-actions">
        <button type="button" className="erp-primary" disabled={busy} onClick={() => void ok()} aria-keyshortcuts="Control+Enter" title={`${tr('records:document.ok', 'OK')} (Ctrl+Enter)`}>
          {tr('records:document.ok', 'OK')}
        </button>
        {props.editable && (
          <button type="button" disabled={busy} onClick={cancel}>
            {tr('records:document.cancel', 'Cancel')}
          </button>
        )}
      </div>
    </dialog>
  );
}
