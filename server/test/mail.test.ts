/**
 * E-mail out (server/src/mail/): without SMTP_URL every message goes to the embedded capture server and is kept
 * in the mailbox (`captured-mail`, /shell/mailbox, administrators only, never written through the API); with
 * SMTP_URL it goes to that server and nothing is captured; a message the server refuses rejects the send.
 * Real SMTP both ways: nodemailer talks to smtp-server over TCP on 127.0.0.1.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An outside SMTP server for the test: keeps what it receives; refuses mail to refused@…. */
async function outsideServer(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(address.address.startsWith('refused@') ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('without SMTP_URL: the embedded capture and its mailbox', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer();
    admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  });
  afterAll(async () => server?.stop());

  it('keeps every message sent, with its recipients, subject, text and attachments, for administrators to read', async () => {
    const mailer = server.app.erp.mailer;
    expect(mailer.capturePort).toBeGreaterThan(0);
    await mailer.send({ to: 'buyer@customer.example', subject: 'Facture AR000123 — 1 234,56 $', text: 'Bonjour,\nvotre facture est prête.', attachments: [{ filename: 'AR000123.pdf', content: Buffer.from('%PDF-1.4 test'), contentType: 'application/pdf' }] });
    const list = (await call(server.app, 'GET', '/api/data/captured-mail?Search=AR000123', admin)).json() as Json;
    expect(list.List.map((m: Json) => [m.MailTo, m.Subject, m.Attachments])).toEqual([['buyer@customer.example', 'Facture AR000123 — 1 234,56 $', 'AR000123.pdf (13 B)']]);
    const one = (await call(server.app, 'GET', `/api/data/captured-mail/${list.List[0].MailKey}`, admin)).json() as Json;
    expect([one.Data.MailFrom, one.Data.BodyText.trim()]).toEqual(['erp@localhost', 'Bonjour,\nvotre facture est prête.']);
  });

  it('keeps the files: the mailbox opens the very PDF sent, twice-named files apart (issue 71 item 2)', async () => {
    const pdf = Buffer.from('%PDF-1.4 remittance\n%%EOF');
    await server.app.erp.mailer.send({ to: 'ap@vendor.example', subject: 'Remittance 1042', text: 'Paid.', attachments: [{ filename: 'remittance.pdf', content: pdf, contentType: 'application/pdf' }, { filename: 'remittance.pdf', content: pdf, contentType: 'application/pdf' }] });
    const list = (await call(server.app, 'GET', '/api/data/captured-mail?Search=Remittance%201042', admin)).json() as Json;
    const key = list.List[0].MailKey;
    const files = (await call(server.app, 'GET', `/api/data/captured-mail/${key}/attachments`, admin)).json() as Json;
    expect(files.List.map((f: Json) => [f.FileName, f.ContentType, f.Size])).toEqual([['remittance.pdf', 'application/pdf', pdf.length], ['remittance (2).pdf', 'application/pdf', pdf.length]]);
    const download = await call(server.app, 'GET', `/api/data/captured-mail/${key}/attachments/${files.List[0].AttachmentKey}`, admin);
    expect([download.statusCode, download.headers['content-type'], download.rawPayload.equals(pdf)]).toEqual([200, 'application/pdf', true]);
    // Read, not written: nobody adds or removes a captured mail's files.
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await call(server.app, 'GET', `/api/data/captured-mail/${key}/attachments`, clerk)).statusCode).toBe(403);
    expect((await call(server.app, 'DELETE', `/api/data/captured-mail/${key}/attachments/${files.List[0].AttachmentKey}`, admin)).statusCode).toBe(403);
  });

  it('is read by administrators only and written by nobody through the API', async () => {
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await call(server.app, 'GET', '/api/data/captured-mail', clerk)).statusCode).toBe(403);
    expect((await call(server.app, 'POST', '/api/data/captured-mail', admin, { Subject: 'forged' })).statusCode).toBe(403);
  });
});

describe('with SMTP_URL: an outside server', () => {
  let outside: Awaited<ReturnType<typeof outsideServer>>;
  let server: TestServer;
  beforeAll(async () => {
    outside = await outsideServer();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${outside.port}`, MAIL_FROM: 'Steel Desk <desk@steel.example>' });
  });
  afterAll(async () => {
    await server?.stop();
    await outside?.close();
  });

  it('delivers there, from MAIL_FROM, and captures nothing', async () => {
    const mailer = server.app.erp.mailer;
    expect(mailer.capturePort).toBeNull();
    await mailer.send({ to: 'buyer@customer.example', subject: 'Invoice AR000124', text: 'Your invoice is ready.' });
    expect(outside.received).toHaveLength(1);
    expect(outside.received[0]).toContain('Subject: Invoice AR000124');
    expect(outside.received[0]).toContain('From: Steel Desk <desk@steel.example>');
    const rows = await server.app.erp.database.db.selectFrom('captured_mails' as never).selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('rejects a message the server refuses', async () => {
    await expect(server.app.erp.mailer.send({ to: 'refused@customer.example', subject: 'x', text: 'y' })).rejects.toThrow(/Mailbox unavailable/);
  });
});
