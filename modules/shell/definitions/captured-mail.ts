/**
 * The mailbox of captured e-mail (`captured-mail`, route /shell/mailbox): every message the product sent while no
 * outside mail server is configured (SMTP_URL unset — development, tests and demo), as the embedded SMTP capture
 * server received it (server/src/mail/capture.ts). Administrators read what customers would have received
 * (invoice publishing …); nothing leaves the machine. Written only by the capture server: `roles.write` is
 * empty and every field is read-only.
 */
import { defineEntity } from '@erp/shared/entities/define';

export const capturedMail = defineEntity({
  name: 'captured-mail',
  table: 'captured_mails',
  key: 'MailKey',
  keyKind: 'auto',
  application: 'SHELL',
  routes: ['/shell/mailbox'],
  fields: {
    MailKey: { type: 'integer', readOnly: true },
    ReceivedOn: { type: 'datetime', required: true, readOnly: true },
    MailFrom: { type: 'text', maxLength: 320, readOnly: true },
    MailTo: { type: 'text', maxLength: 2000, readOnly: true },
    Subject: { type: 'text', maxLength: 500, readOnly: true },
    BodyText: { type: 'text', maxLength: 100000, format: 'multiline', readOnly: true },
    Attachments: { type: 'text', maxLength: 2000, readOnly: true },
    MessageId: { type: 'text', maxLength: 500, readOnly: true },
  },
  listColumns: [{ field: 'MailKey', visible: false }, { field: 'ReceivedOn', width: 200 }, { field: 'MailTo', width: 260 }, { field: 'Subject', width: 420 }, 'Attachments'],
  defaultSort: [{ field: 'MailKey', descending: true }],
  filters: [
    { field: 'MailTo', op: 'contains' },
    { field: 'ReceivedOn', op: 'range' },
  ],
  search: ['MailTo', 'Subject', 'BodyText'],
  roles: { read: ['ADMIN'], write: [] },
  // Issue 71 item 2: the mail's files, kept by the capture server, open from the record's Attachments.
  attachments: true,
  displayField: 'Subject',
  formLayout: { sections: [{ rows: [['ReceivedOn', 'MailFrom'], ['MailTo'], ['Subject'], ['Attachments'], ['BodyText'], ['MessageId']] }] },
});
