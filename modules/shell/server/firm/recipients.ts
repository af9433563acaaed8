/**
 * Where a document for a firm is e-mailed (issue 40 item 4, server/src/mail/documents.ts): its primary contact's
 * address, else the firm's own (the rule invoice publishing follows, modules/so/server/publishing.ts), and the
 * firm's language (its templates' and its PDF's).
 */
import { registerRecipients } from '@erp/server/mail/documents';
import { firm } from '../../definitions/firm.ts';
import { shellDb } from '../tables.generated.ts';

registerRecipients(firm.name, async (core, key) => {
  const db = shellDb(core);
  const row = await db.selectFrom('firms').select(['name', 'email', 'language']).where('firm_id', '=', key).executeTakeFirst();
  if (!row) return null;
  const contacts = await db.selectFrom('firm_contacts').select(['name', 'email']).where('firm_id', '=', key).orderBy('is_primary', 'desc').execute();
  const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
  const contact = contacts.find((one) => filled(one.email));
  return {
    email: filled(contact?.email) ? String(contact!.email) : filled(row.email) ? String(row.email) : null,
    name: String(row.name ?? ''),
    contactName: contact ? String(contact.name ?? '') : '',
    language: filled(row.language) ? String(row.language) : null,
  };
});
