/**
 * The e-mail templates (OE-17) fill every document e-mailed from its screen (issue 40 item 4,
 * server/src/mail/documents.ts): the active template's subject and body with the placeholders replaced.
 */
import { registerMailTemplates } from '@erp/server/mail/documents';
import { fillPlaceholders } from '../definitions/setup/email-template.ts';

registerMailTemplates(async (db, templateId, values) => {
  const row = (await db.selectFrom('email_templates').select(['subject', 'body', 'is_active']).where('template_id', '=', templateId).executeTakeFirst()) as
    | { subject: unknown; body: unknown; is_active: unknown }
    | undefined;
  if (!row || !row.is_active) return null;
  return { subject: fillPlaceholders(String(row.subject ?? ''), values), text: fillPlaceholders(String(row.body ?? ''), values) };
});
