/**
 * The email template's body field (OE-17; widget `email-template-body` on `email-template.Body`): the text with
 * the placeholders it may use listed under it, and "Preview", which asks the server to fill the subject and
 * body being edited with sample values (`POST /api/oe/email-template/preview`) and shows them as plain text —
 * what the customer would read. No SMTP client exists yet: nothing is sent.
 */
import { useId, useState } from 'react';
import { recordCall, useText, type FieldWidgetProps } from '@erp/records';
import { PLACEHOLDERS } from '../definitions/setup/email-template.ts';

export function EmailBody({ value, onChange, readOnly, errors, inputId, errorId, draft }: FieldWidgetProps) {
  const { tr } = useText();
  const helpId = useId();
  const previewId = useId();
  const [preview, setPreview] = useState<{ Subject: string; Body: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const text = typeof value === 'string' ? value : '';
  const show = async () => {
    const answer = await recordCall<{ Subject: string; Body: string }>('POST', 'oe/email-template/preview', { Subject: typeof draft['Subject'] === 'string' ? draft['Subject'] : '', Body: text });
    if (answer.status === 200 && answer.body?.Data) {
      setPreview(answer.body.Data);
      setFailure(null);
    } else setFailure(answer.message);
  };
  return (
    <div className="oe-email-body">
      <textarea
        id={inputId}
        value={text}
        rows={10}
        readOnly={readOnly}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={`${errorId} ${helpId}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={helpId} className="records-help">
        {tr('oe:email-template.placeholders', 'Placeholders: {{list}}', { list: PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ') })}
      </p>
      <button type="button" className="records-button" aria-controls={previewId} onClick={() => void show()}>
        {tr('oe:email-template.preview', 'Preview')}
      </button>
      <div id={previewId} role="status" className="oe-email-body__preview">
        {failure}
        {preview && (
          <>
            <h3>{tr('oe:email-template.previewHeading', 'Preview with sample values')}</h3>
            <p className="oe-email-body__subject">{preview.Subject}</p>
            <pre className="oe-email-body__text">{preview.Body}</pre>
          </>
        )}
      </div>
    </div>
  );
}
