/**
 * §5 / §9 attachments of one record: list, upload (multipart; PDF, BMP, GIF, JPG, PNG; at most 25 MB, checked
 * here before sending too; the same file name twice refused), download through the §7 file-download variant
 * with the §8 download messages, delete after a confirmation. The server decides the type from the content
 * (magic bytes) and answers 'File format or type not supported.' for anything else — shown as it says.
 * Props: entity (name), recordId, canWrite, onChanged() (an upload or delete wrote an audit row).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { api, askUser, formatNumber, saveFile } from '@erp/shared';
import { deleteAttachment, downloadAttachment, listAttachments, uploadAttachment, type Attachment } from './record-api.ts';
import { useText } from './text.ts';
import { FileInput } from './fields/FileInput.tsx';

/** §9: 25 MB. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/**
 * Why a file cannot be uploaded, checked before sending (§5, §9): over 25 MB, or a name already attached.
 * The type is the server's to judge (by content).
 */
export function uploadRefusal(file: { name: string; size: number }, attached: readonly { FileName: string }[]): 'tooLarge' | 'duplicateName' | null {
  if (file.size > MAX_ATTACHMENT_BYTES) return 'tooLarge';
  if (attached.some((item) => item.FileName === file.name)) return 'duplicateName';
  return null;
}

const ACCEPT = '.pdf,.bmp,.gif,.jpg,.jpeg,.png,application/pdf,image/bmp,image/gif,image/jpeg,image/png';

export function Attachments(props: { entity: string; recordId: string; canWrite: boolean; onChanged(): void }) {
  const { tr, language } = useText();
  const [list, setList] = useState<Attachment[]>([]);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const inputId = useId();

  const load = useCallback(async () => {
    const outcome = await listAttachments(props.entity, props.recordId);
    if (outcome.status !== 200) {
      setMessage({ kind: 'error', text: outcome.message ?? '' });
      return;
    }
    setList((outcome.body?.List ?? []) as Attachment[]);
  }, [props.entity, props.recordId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const refusal = uploadRefusal(file, list);
    if (refusal === 'tooLarge') {
      setMessage({ kind: 'error', text: tr('entities:attachments.tooLarge', 'The file is larger than 25 MB.') });
      return;
    }
    if (refusal === 'duplicateName') {
      setMessage({ kind: 'error', text: tr('entities:attachments.duplicateName', 'A file with the same name cannot be uploaded twice.') });
      return;
    }
    const outcome = await uploadAttachment(props.entity, props.recordId, file);
    if (outcome.status !== 200) {
      setMessage({ kind: 'error', text: serverText(outcome.body?.ResultCode, outcome.message) });
      return;
    }
    setMessage({ kind: 'info', text: tr('forms:attachments.uploaded', '{{name}} was attached.', { name: file.name }) });
    await load();
    props.onChanged();
  }

  /** The server's English message, or its translation when the code is one of the catalogue's. */
  function serverText(code: string | undefined, fallback: string | null): string {
    switch (code) {
      case 'unsupported_file_type':
        return tr('entities:attachments.unsupported', fallback ?? 'File format or type not supported.');
      case 'duplicate_file_name':
        return tr('entities:attachments.duplicateName', fallback ?? 'A file with the same name cannot be uploaded twice.');
      case 'payload_too_large':
        return tr('entities:attachments.tooLarge', fallback ?? 'The file is larger than 25 MB.');
      default:
        return fallback ?? '';
    }
  }

  async function download(item: Attachment) {
    const answer = await downloadAttachment((path, options) => api.download(path, options), props.entity, props.recordId, item.AttachmentKey);
    if ('error' in answer) {
      setMessage({ kind: 'error', text: answer.error });
      return;
    }
    saveFile(answer.file, item.FileName);
  }

  async function remove(item: Attachment) {
    const answer = await askUser({
      heading: tr('entities:attachments.title', 'Attachments'),
      message: tr('forms:attachments.confirmDelete', 'Delete the attachment {{name}}?', { name: item.FileName }),
      actions: [
        { id: 'delete', label: tr('entities:actions.delete', 'Delete'), variant: 'danger' },
        { id: 'cancel', label: tr('forms:dialog.cancel', 'Cancel'), variant: 'default' },
      ],
    });
    if (answer !== 'delete') return;
    const outcome = await deleteAttachment(props.entity, props.recordId, item.AttachmentKey);
    if (outcome.status !== 200) {
      setMessage({ kind: 'error', text: outcome.message ?? '' });
      return;
    }
    setMessage({ kind: 'info', text: tr('forms:attachments.deleted', '{{name}} was deleted.', { name: item.FileName }) });
    await load();
    props.onChanged();
  }

  return (
    <section className="erp-attachments" aria-label={tr('entities:attachments.title', 'Attachments')}>
      {props.canWrite ? (
        <div className="erp-attachments-upload">
          <FileInput id={inputId} label={tr('entities:attachments.upload', 'Upload a file')} accept={ACCEPT} onFile={(file) => void onFile(file ?? undefined)} />
          <span className="erp-field-help">{tr('entities:attachments.allowed', 'PDF, BMP, GIF, JPG or PNG, at most 25 MB.')}</span>
        </div>
      ) : null}
      {message ? (
        <p className={message.kind === 'error' ? 'erp-form-message erp-form-error' : 'erp-form-message'} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p>{tr('entities:result.noRecords', 'No records.')}</p>
      ) : (
        <table className="erp-subtable">
          <thead>
            <tr>
              <th scope="col">{tr('entities:attachments.fileName', 'File name')}</th>
              <th scope="col">{tr('entities:attachments.contentType', 'Type')}</th>
              <th scope="col">{tr('entities:attachments.size', 'Size')}</th>
              <th scope="col">
                <span className="erp-visually-hidden">{tr('forms:children.actions', 'Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <tr key={item.AttachmentKey}>
                <td>{item.FileName}</td>
                <td>{item.ContentType}</td>
                <td className="erp-number">{formatNumber(item.Size, {}, language)}</td>
                <td className="erp-row-actions">
                  <button type="button" onClick={() => void download(item)} aria-label={`${tr('entities:attachments.download', 'Download')} ${item.FileName}`}>
                    {tr('entities:attachments.download', 'Download')}
                  </button>
                  {props.canWrite ? (
                    <button type="button" onClick={() => void remove(item)} aria-label={`${tr('entities:actions.delete', 'Delete')} ${item.FileName}`}>
                      {tr('entities:actions.delete', 'Delete')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
