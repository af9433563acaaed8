/**
 * Email templates (`email-template`, SCREENS.md OE-17, `/email-template`): the subject and body the order desk
 * sends (invoice publishing, order confirmations), with placeholders written `{{Name}}`. Only the placeholders
 * below exist; an unknown one is refused where it is typed and by the server (a template that would send
 * `{{Custmer}}` to a customer is never saved). The preview (`POST /api/oe/email-template/preview`,
 * modules/oe/server/setup/routes.ts) fills them with sample values. Invoice publishing sends them through the
 * product's mailer (server/src/mail/).
 *
 * A template per language (issue 40 item 4): a template that `Translates` another, in its `Language`, is sent in
 * its place to a firm of that language (else the company's); the one named is sent when none matches.
 */
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { LOCALE_OPTIONS } from '@erp/shared/entities/common';
import { localValues } from '@erp/shared/format';
import { OE, OE_APP, OE_ROLES, oeCode, requiredName } from '../common.ts';

export const PLACEHOLDERS = ['CustomerName', 'CustomerId', 'ContactName', 'OrderNo', 'InvoiceNo', 'PaymentNo', 'DocumentDate', 'DueDate', 'Amount', 'CompanyName'] as const;
export const UNKNOWN_PLACEHOLDER_KEY = 'oe:rules.unknownPlaceholder';
const PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names, in order, once each. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PATTERN)].map((match) => match[1] ?? ''))];
}

/**
 * The text with each known placeholder replaced by its value (unknown ones left as written), the values written in
 * the reader's `locale` — dates and amounts as the language writes them (`localValues`, issue 71 item 2): every
 * template is filled here, so none can send an ISO date or a raw amount.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>, locale: string): string {
  const local = localValues(values, locale);
  return text.replace(PATTERN, (whole, name: string) => (Object.hasOwn(local, name) ? local[name]! : whole));
}

function placeholderIssues(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const known = new Set<string>(PLACEHOLDERS);
  const issues: RuleIssue[] = [];
  for (const field of ['Subject', 'Body']) {
    const value = record[field];
    if (typeof value !== 'string') continue;
    const unknown = placeholdersIn(value).find((name) => !known.has(name));
    if (unknown !== undefined) issues.push({ field, key: UNKNOWN_PLACEHOLDER_KEY, params: { name: unknown, known: PLACEHOLDERS.join(', ') } });
  }
  return issues;
}

/** A translation says its language and translates another template, not itself. */
function translationIssue(record: Readonly<Record<string, unknown>>): RuleIssue | null {
  const translates = record['Translates'];
  if (translates === null || translates === undefined || translates === '') return null;
  if (translates === record['TemplateId']) return { field: 'Translates', key: 'oe:rules.translatesItself' };
  const language = record['Language'];
  return language === null || language === undefined || language === '' ? { field: 'Language', key: 'oe:rules.translationLanguage' } : null;
}

export const emailTemplate = defineEntity({
  name: 'email-template',
  namespace: OE,
  table: 'email_templates',
  key: 'TemplateId',
  application: OE_APP,
  fields: {
    TemplateId: oeCode(20, { required: true }),
    Description: requiredName(),
    Subject: { type: 'text', required: true, maxLength: 200 },
    Body: { type: 'text', required: true, maxLength: 20000, format: 'multiline', widget: 'email-template-body' },
    IsActive: { type: 'boolean', defaultValue: true },
    Translates: { type: 'lookup', entity: 'email-template', maxLength: 20, uppercase: true },
    Language: { type: 'enum', options: LOCALE_OPTIONS },
  },
  listColumns: ['TemplateId', 'Description', 'Subject', 'Translates', 'Language', 'IsActive'],
  defaultSort: [{ field: 'TemplateId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['TemplateId', 'Description', 'Subject'],
  roles: OE_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  rules: [placeholderIssues, translationIssue],
  formLayout: { sections: [{ rows: [['TemplateId', 'Description'], ['Translates', 'Language'], ['IsActive'], ['Subject'], ['Body']] }] },
});
