/**
 * The product's one way to send e-mail (`app.erp.mailer`; processes reach it as `ctx.mail`). With SMTP_URL set,
 * through that server (nodemailer); without, through the embedded capture server (capture.ts), whose mailbox
 * screen shows every message — development, tests and demos never deliver to the internet.
 *
 *   send({ to, subject, text, attachments? }) → { messageId }   (rejects when the server refuses the message)
 */
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { ShellDatabase } from '@erp/modules/shell/server/tables.generated';
import { startCapture, type Capture } from './capture.ts';

export interface MailConfig {
  /** An outside SMTP server (`smtp://user:pass@host:587`); null: the embedded capture. */
  smtpUrl: string | null;
  /** The capture server's port (0: any free port). */
  capturePort: number;
  /** The sender of every message. */
  from: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  /** The capture server's port, when mail is captured. */
  readonly capturePort: number | null;
  close(): Promise<void>;
}

export async function createMailer(config: MailConfig, db: Kysely<ShellDatabase>): Promise<Mailer> {
  let capture: Capture | null = null;
  if (!config.smtpUrl) capture = await startCapture(db, config.capturePort);
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ host: '127.0.0.1', port: capture!.port, secure: false, ignoreTLS: true });
  return {
    capturePort: capture?.port ?? null,
    async send(mail) {
      const sent = await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments ?? [] });
      return { messageId: String(sent.messageId ?? '') };
    },
    async close() {
      transport.close();
      await capture?.close();
    },
  };
}
