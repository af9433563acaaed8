/**
 * The record form's header (EntityForm): Back, Previous / Next record of the list it was opened from, the
 * heading, and the toolbar (Save, Reload, Delete as the record and the caller's rights allow).
 */
import { FormButton } from './FormButton.tsx';
import { FormToolbar, RecordHeading } from './FormParts.tsx';
import { CopyLinkButton } from './CopyLink.tsx';
import type { EntityFormProps } from './EntityForm.tsx';
import type { EntityFormModel } from './use-entity-form.ts';

/** Previous / Next record: the buttons' keys and texts. */
const SIBLINGS = [
  { which: 'previous', keys: 'Alt+PageUp', labelKey: 'forms:actions.previous', label: 'Previous record', hintKey: 'forms:actions.previousHint', hint: 'Previous record (Alt+Page Up)' },
  { which: 'next', keys: 'Alt+PageDown', labelKey: 'forms:actions.next', label: 'Next record', hintKey: 'forms:actions.nextHint', hint: 'Next record (Alt+Page Down)' },
] as const;

export function EntityFormHeader(props: {
  form: EntityFormModel;
  siblings: EntityFormProps['siblings'];
  headingId: string;
  title: string;
  recordTitle: string;
  saved: boolean;
}) {
  const { form, siblings, saved } = props;
  const { tr, readOnlyForm } = form;
  return (
    <header className="erp-form-header">
      <FormButton className="erp-form-back" onClick={() => void form.back()}>
        {tr('forms:actions.back', 'Back to the list')}
      </FormButton>
      {siblings ? (
        <span className="erp-form-siblings" role="group" aria-label={tr('forms:actions.siblings', 'Records of the list')}>
          {SIBLINGS.map(({ which, keys, labelKey, label, hintKey, hint }) => (
            <FormButton
              key={which}
              disabled={siblings[which] === null}
              title={tr(hintKey, hint)}
              keyShortcuts={keys}
              data={{ 'data-form-sibling': which }}
              onClick={() => void form.goTo(siblings[which])}
            >
              {tr(labelKey, label)}
            </FormButton>
          ))}
        </span>
      ) : null}
      <RecordHeading level={2} id={props.headingId} title={props.title} record={props.recordTitle} />
      <FormToolbar tr={tr}>
        {!readOnlyForm ? (
          <FormButton variant="primary" onClick={() => void form.save()} keyShortcuts="Control+S">
            {tr('entities:actions.save', 'Save')}
          </FormButton>
        ) : null}
        {saved ? (
          <FormButton onClick={() => void form.reload(true)} keyShortcuts="Alt+R">
            {tr('entities:actions.reload', 'Reload')}
          </FormButton>
        ) : null}
        {saved && form.recordId !== null ? <CopyLinkButton recordId={form.recordId} tr={tr} /> : null}
        {saved && !readOnlyForm ? (
          <FormButton variant="danger" onClick={() => void form.remove()} keyShortcuts="Alt+D">
            {tr('entities:actions.delete', 'Delete')}
          </FormButton>
        ) : null}
      </FormToolbar>
    </header>
  );
}
