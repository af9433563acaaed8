/**
 * The markup both record forms share (EntityForm and DocumentForm, the two forms of one defineEntity): the
 * heading "<title>: <record>", the actions toolbar, a message line, the sections of the definition's form
 * layout, and moving the focus to a field a message names.
 */
import { createElement, type ReactNode, type Ref } from 'react';
import { colon } from '@erp/shared';
import { inputId } from './form-state.ts';
import type { Tr } from './text.ts';

/** The input of a field path (`Lines[2].Amount`), else of its top field (`Lines`). */
function issueTarget(prefix: string, field: string): HTMLElement | null {
  const top = field.split(/[[.]/)[0] ?? '';
  return document.getElementById(inputId(prefix, field)) ?? (top ? document.getElementById(inputId(prefix, top)) : null);
}

/** Focuses the input a message names (or `fallback`, e.g. the summary, when it has none on screen). */
export function focusIssue(prefix: string, field: string, fallback: HTMLElement | null = null): void {
  (issueTarget(prefix, field) ?? fallback)?.focus();
}

/** "<entity title>: <record>" as the form's heading (`level` 2 in the entity screen, 3 in a document pane). */
export function RecordHeading(props: {
  level: 2 | 3;
  title: string;
  record: string;
  id?: string;
  /** Focusable by script (the document form moves the focus there once loaded). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return createElement(
    `h${props.level}`,
    { id: props.id, ...(props.headingRef ? { tabIndex: -1, ref: props.headingRef } : {}) },
    props.title,
    // The language's colon (issue 21 item 7: "Écriture : GL000012", "分录：GL000012").
    colon(),
    <span className="erp-form-record">{props.record}</span>,
  );
}

/** The record's actions (Save, Reload, the state's transitions, Delete). */
export function FormToolbar({ tr, children }: { tr: Tr; children: ReactNode }) {
  return (
    <div className="erp-form-actions" role="toolbar" aria-label={tr('forms:actions.toolbar', 'Record actions')} data-f2-region="actions">
      {children}
    </div>
  );
}

/** A message line of the form: `info` is a status, `error` an alert, `note` says why the form is read-only. */
export function FormMessage({ kind, children }: { kind: 'info' | 'error' | 'note'; children: ReactNode }) {
  return (
    <p className={`erp-form-message${kind === 'error' ? ' erp-form-error' : ''}`} role={kind === 'error' ? 'alert' : kind === 'info' ? 'status' : 'note'}>
      {children}
    </p>
  );
}

export interface FormSection {
  titleKey?: string | undefined;
  rows: readonly (readonly string[])[];
}

/** The sections of a form layout: a fieldset each (its legend when titled), a row of fields per layout row. */
export function FormSections(props: { sections: readonly FormSection[]; legend(titleKey: string): string; field(name: string): ReactNode }) {
  return props.sections.map((section, index) => (
    <fieldset key={index} className="erp-form-section">
      {section.titleKey ? <legend>{props.legend(section.titleKey)}</legend> : null}
      {section.rows.map((row, rowIndex) => (
        <div key={rowIndex} className="erp-form-row">
          {row.map((name) => props.field(name))}
        </div>
      ))}
    </fieldset>
  ));
}
