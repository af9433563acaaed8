/**
 * The embedded SMTP capture server: when no outside mail server is configured (SMTP_URL unset), the product's
 * mail goes here, on 127.0.0.1 only, and every message is kept in `captured_mails` (the mailbox screen,
 * modules/shell/definitions/captured-mail.ts) — sender, recipients, subject, text, attachment names, and the
 * attached files as the record's attachments (they open from the mailbox) — so
 * development, tests and demos see exactly what a customer would receive, and nothing reaches the internet.
 *
 * `startCapture(db, port)` listens (port 0: any free port) and answers `{ port, close() }`. A message that cannot
 * be parsed or stored is refused with an SMTP error, so the sender sees the failure.
 *
 * Several instances (issue 43): each instance sends through its own capture server and every one stores into the
 * shared database, so the mailbox screen of any instance shows the mail sent through all of them. When the
 * configured port is taken (another instance on this machine holds it), this instance listens on a free port instead.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type Attachment } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Kysely } from 'kysely';
import type { ShellDatabase } from '@erp/modules/shell/server/tables.generated';
import { cleanFileName, fileNameKey } from '../entities/attachments.ts';
import { detectFileType } from '../entities/magic.ts';

export interface Capture {
  port: number;
  close(): Promise<void>;
}

/** The largest message kept (a few invoice PDFs). */
const MAX_BYTES = 25 * 1024 * 1024;

const addresses = (value: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((entry) => entry.value.map((one) => one.address ?? '')).filter(Boolean).join(', ');

/**
 * Issue 71 item 2: the mail's files are kept as the mailbox record's attachments (the generic §5 attachments of
 * `captured-mail`), so the mailbox opens the very PDF the customer received. A name met twice gets " (2)".
 */
async function keepAttachments(db: Kysely<ShellDatabase>, mailKey: number, files: readonly Attachment[], now: string): Promise<void> {
  const taken = new Set<string>();
  for (const [index, file] of files.entries()) {
    const base = cleanFileName(file.filename) ?? `attachment-${index + 1}`;
    let name = base;
    for (let n = 2; taken.has(fileNameKey(name)); n++) name = base.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    taken.add(fileNameKey(name));
    const bytes = Buffer.from(file.content);
    await db
      .insertInto('attachments')
      .values({
        entity: 'captured-mail',
        record_id: String(mailKey),
        file_name: name,
        // What the bytes are (as an upload is judged), not what the sender said.
        content_type: detectFileType(bytes)?.contentType ?? 'application/octet-stream',
        size: bytes.length,
        content: bytes,
        created_by: 'mail',
        created_on: now,
        updated_by: 'mail',
        updated_on: now,
        version: 1,
      })
      .execute();
  }
}

export async function startCapture(db: Kysely<ShellDatabase>, port: number): Promise<Capture> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_BYTES,
    logger: false,
    banner: 'ERP mail capture (nothing is delivered)',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const attachments = mail.attachments.map((file) => `${file.filename ?? 'file'} (${file.size} B)`).join(', ');
          const to = addresses(mail.to) || session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
          const now = new Date().toISOString();
          const stored = await db
            .insertInto('captured_mails')
            .values({
              received_on: new Date().toISOString(),
              mail_from: (addresses(mail.from) || (session.envelope.mailFrom ? session.envelope.mailFrom.address : '')).slice(0, 320),
              mail_to: to.slice(0, 2000),
              subject: (mail.subject ?? '').slice(0, 500),
              body_text: (mail.text ?? '').slice(0, 100_000),
              attachments: attachments.slice(0, 2000) || null,
              message_id: (mail.messageId ?? '').slice(0, 500) || null,
              created_by: 'mail',
              created_on: new Date().toISOString(),
              updated_by: 'mail',
              updated_on: new Date().toISOString(),
              version: 1,
            })
            .returning('mail_key')
            .executeTakeFirstOrThrow();
          await keepAttachments(db, Number(stored.mail_key), mail.attachments, now);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(port);
  } catch (error) {
    if (port === 0 || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
    await listen(0);
  }
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
