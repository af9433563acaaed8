/**
 * The record form's messages (EntityForm): the load failure, the banner of the last save, reload or delete
 * (a version conflict offers "Reload the current record", discarding the input only then), and the summary
 * of the fields to fix, each a link that moves the focus to its field.
 */
import { FormButton } from './FormButton.tsx';
import { focusIssue, FormMessage } from './FormParts.tsx';
import { inputId } from './form-state.ts';
import type { EntityFormModel } from './use-entity-form.ts';

export function EntityFormMessages({ form }: { form: EntityFormModel }) {
  const { tr, banner, issues, prefix } = form;
  return (
    <>
      {form.loadError !== null ? <FormMessage kind="error">{form.loadError}</FormMessage> : null}

      {banner ? (
        <div className={`erp-form-message${banner.kind === 'info' ? '' : ' erp-form-error'}`} role={banner.kind === 'info' ? 'status' : 'alert'}>
          <span>{banner.text}</span>
          {banner.kind === 'conflict' ? <FormButton onClick={() => void form.reload(false)}>{tr('forms:conflict.reload', 'Reload the current record')}</FormButton> : null}
        </div>
      ) : null}

      {form.showSummary && issues.length > 0 ? (
        <div className="erp-form-summary" role="alert" tabIndex={-1} ref={form.summaryRef} aria-label={tr('forms:summary.title', 'Fix these fields')}>
          <p>{tr('forms:summary.title', 'Fix these fields')}</p>
          <ul>
            {issues.map((issue, index) => (
              <li key={`${issue.field}-${index}`}>
                <a
                  href={`#${inputId(prefix, issue.field)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    focusIssue(prefix, issue.field);
                  }}
                >
                  {issue.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
