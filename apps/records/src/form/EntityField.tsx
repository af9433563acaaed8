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
  const readOnly = readOnlyForm || !form.editable.has(name);
  const errors = form.byField.get(name) ?? [];
  const Widget = fieldWidget(field.widget);
  if (Widget) {
    return (
      <Widget
        entity={entity}
        recordId={form.recordId}
        name={name}
        field={field}
        draft={draft}
        value={draft[name]}
        onChange={(value) => form.setField(name, value)}
        readOnly={readOnly}
        canWrite={!readOnlyForm && !form.access.ReadOnly.includes(name)}
        errors={errors}
        inputId={inputId(prefix, name)}
        errorId={errorId(prefix, name)}
        label={fieldLabel(tr, field.labelKey, name)}
        onRecordSaved={form.takeWidgetSave}
      />
    );
  }
  return (
    <FieldInput
      prefix={prefix}
      name={name}
      field={field}
      value={draft[name]}
      onChange={(value) => form.setField(name, value)}
      readOnly={readOnly}
      errors={errors}
      issues={form.issues}
      onSetUncheck={(option) => form.onSetUncheck(name, option)}
    />
  );
}
