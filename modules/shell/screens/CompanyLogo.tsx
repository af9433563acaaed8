/**
 * §3 Company logo: preview of Logo (base64) with its LogoFileType, and the upload (POST
 * /api/data/company/:id/logo, multipart; the server detects the type from the content, at most 5 MB). A PDF
 * logo is named, not previewed (the shell's CSP allows data: images only). A new company must be saved first.
 * Props: companyId (null for a new record), logo, fileType, canWrite, onUploaded(record).
 */
import { useId, useState } from 'react';
import { FileInput, recordPath, uploadFile, useText } from '@erp/records';
import { company } from '../definitions/company.ts';

/** The server's limit (modules/shell/server/company/routes.ts MAX_LOGO_BYTES), checked before sending. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** POST /api/data/company/:id/logo (multipart): the record as saved. */
function uploadLogo(id: string, file: File) {
  return uploadFile<Record<string, unknown>>(`${recordPath(company.name, id)}/logo`, file);
}

export function CompanyLogo(props: {
  companyId: string | null;
  logo: string;
  fileType: string;
  canWrite: boolean;
  onUploaded(record: Record<string, unknown>): void;
}) {
  const { tr } = useText();
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const id = useId();
  // §3: anything but the four types is shown as PNG.
  const type = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif'].includes(props.fileType) ? props.fileType : 'image/png';

  async function onFile(file: File | undefined) {
    if (!file || props.companyId === null) return;
    if (file.size > MAX_LOGO_BYTES) {
      setMessage({ kind: 'error', text: tr('entities:company.logo.tooLarge', 'The logo is larger than 5 MB.') });
      return;
    }
    const outcome = await uploadLogo(props.companyId, file);
    if (outcome.status !== 200 || !outcome.body?.Data) {
      setMessage({
        kind: 'error',
        text:
          outcome.body?.ResultCode === 'unsupported_file_type'
            ? tr('entities:attachments.unsupported', 'File format or type not supported.')
            : (outcome.message ?? ''),
      });
      return;
    }
    setMessage({ kind: 'info', text: tr('entities:company.logo.uploaded', 'The logo was saved.') });
    props.onUploaded(outcome.body.Data);
  }

  return (
    <div className="erp-field erp-logo">
      <span className="erp-field-label">{tr('entities:sections.logo', 'Logo')}</span>
      {props.logo ? (
        type === 'application/pdf' ? (
          <p>{tr('entities:company.logo.pdf', 'The logo is a PDF document.')}</p>
        ) : (
          <img className="erp-logo-preview" src={`data:${type};base64,${props.logo}`} alt={tr('entities:company.logo.preview', 'Company logo')} />
        )
      ) : (
        <p>{tr('entities:company.logo.none', 'No logo.')}</p>
      )}
      <p className="erp-logo-type">
        {tr('entities:company.fields.LogoFileType', 'Logo file type')}: <span data-logo-type>{props.fileType || '—'}</span>
      </p>
      {props.canWrite && props.companyId !== null ? (
        <>
          <FileInput id={id} label={tr('entities:company.logo.upload', 'Upload a logo')} accept="image/png,image/jpeg,image/gif,image/bmp,application/pdf" onFile={(file) => void onFile(file ?? undefined)} />
        </>
      ) : null}
      {props.companyId === null && props.canWrite ? <p className="erp-field-help">{tr('entities:company.logo.saveFirst', 'Save the company before uploading its logo.')}</p> : null}
      {message ? (
        <p className={message.kind === 'error' ? 'erp-form-message erp-form-error' : 'erp-form-message'} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
