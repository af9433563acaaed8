/**
 * The e-mail templates (OE-17) fill every document e-mailed from its screen (issue 40 item 4,
 * server/src/mail/documents.ts): the active template's subject and body with the placeholders replaced — its
 * active translation (`Translates` it) in the first language wanted that has one, else the template itself.
 */
import { registerMailTemplates } from '@erp/server/mail/documents';
import { fillPlaceholders } from '../definitions/setup/email-template.ts';

type Row = { template_id: unknown; subject: unknown; body: unknown; is_active: unknown; translates: unknown; language: unknown };

registerMailTemplates(async (db, templateId, values, languages) => {
  const rows = (await db
    .selectFrom('email_templates')
    .select(['template_id', 'subject', 'body', 'is_active', 'translates', 'language'])
    .where((eb) => eb.or([eb('template_id', '=', templateId), eb('translates', '=', templateId)]))
    .execute()) as Row[];
  const named = rows.find((one) => one.template_id === templateId);
  if (!named || !named.is_active) return null;
  const translated = languages.map((language) => rows.find((one) => one.is_active && one.translates === templateId && one.language === language)).find((one) => one !== undefined);
  const row = translated ?? named;
  return { subject: fillPlaceholders(String(row.subject ?? ''), values), text: fillPlaceholders(String(row.body ?? ''), values) };
});
