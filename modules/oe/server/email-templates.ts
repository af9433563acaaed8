/**
 * The e-mail templates (OE-17) fill every document e-mailed from its screen (issue 40 item 4,
 * server/src/mail/documents.ts) and every invoice published (modules/so/server/publishing.ts): the template's
 * subject and body with the placeholders replaced — its active translation (`Translates` it) in the first language
 * wanted that has one, else the template itself — and the values written in the reader's language (issue 71 item 2:
 * `fillPlaceholders`, dates and amounts as that language writes them).
 */
import { registerMailTemplates } from '@erp/server/mail/documents';
import type { Kysely, Transaction } from 'kysely';
import { fillPlaceholders } from '../definitions/setup/email-template.ts';
import { oeDb } from './tables.generated.ts';

/**
 * The template `templateId` filled in the first of `languages` it has an active translation in (else as named),
 * its values written in `locale`; null when there is no such template (or, with `activeOnly`, it is inactive).
 */
export async function filledTemplate<D>(
  db: Kysely<D> | Transaction<D>,
  templateId: string,
  values: Readonly<Record<string, string>>,
  languages: readonly string[],
  locale: string,
  activeOnly = true,
): Promise<{ subject: string; text: string } | null> {
  // Any caller's view (the mail host's, Sales Orders'): read through Order Entry's.
  const rows = await oeDb(db)
    .selectFrom('email_templates')
    .select(['template_id', 'subject', 'body', 'is_active', 'translates', 'language'])
    .where((eb) => eb.or([eb('template_id', '=', templateId), eb('translates', '=', templateId)]))
    .execute();
  const named = rows.find((one) => one.template_id === templateId);
  if (!named || (activeOnly && !named.is_active)) return null;
  const translated = languages.map((language) => rows.find((one) => one.is_active && one.translates === templateId && one.language === language)).find((one) => one !== undefined);
  const row = translated ?? named;
  return { subject: fillPlaceholders(String(row.subject ?? ''), values, locale), text: fillPlaceholders(String(row.body ?? ''), values, locale) };
}

registerMailTemplates((db, templateId, values, languages, locale) => filledTemplate(db, templateId, values, languages, locale));
