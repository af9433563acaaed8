/**
 * One field of the record form (EntityForm): the widget the definition names (widgets.ts, e.g. the company
 * logo's preview and upload), else the generic input; read-only when the form or the field is, with its
 * messages.
 */
import type { FieldDefinition } from '../../../../shared/src/entities/define.ts';
import { FieldInput, errorId } from './fields/FieldInput.tsx';
import { fieldWidget } from './fields/widgets.ts';
import { inputId } from './form-state.ts';
import { fieldLabel } from './text.ts';
import type { EntityFormModel } from './use-entity-form.ts';

export function EntityField({ form, name }: { form: EntityFormModel; name: string }) {
  const { entity, tr, prefix, draft, readOnlyForm } = form;
  const field = entity.fields[name] as FieldDefinition & { labelKey: string };
  // Another record's internal key is carried, never shown (issue 40 item 3).
  if (field.internal) return null;
  const readOnly = readOnlyForm || !form.editable.has(name);
  const errors = form.byField.get(name) ?? [];
  // What the widget and the generic input both take.
  const common = { name, field, value: draft[name], onChange: (value: unknown) => form.setField(name, value), readOnly, errors };
  const Widget = fieldWidget(field.widget);
  if (Widget) {
    return (
      <Widget
        {...common}
        entity={entity}
        recordId={form.recordId}
        draft={draft}
        canWrite={!readOnlyForm && !form.access.ReadOnly.includes(name)}
        inputId={inputId(prefix, name)}
        errorId={errorId(prefix, name)}
        label={fieldLabel(tr, field.labelKey, name)}
        onRecordSaved={form.takeWidgetSave}
      />
    );
  }
  return (
    <FieldInput
      {...common}
      from={entity.name}
      record={draft}
      prefix={prefix}
      issues={form.issues}
      onSetUncheck={(option) => form.onSetUncheck(name, option)}
      // Issue 40 item 5: the fields that follow from a pick.
      onDefaults={(values) => {
        for (const [field, value] of Object.entries(values)) form.setField(field, value);
      }}
    />
  );
}
