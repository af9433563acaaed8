/**
 * The English defaults (en-CA) of every message the entity framework produces: validation, save
 * results, attachments and the §5 rules. Keys are i18n keys of the `entities` namespace; the same texts
 * are in `modules/shell/locales/en-CA/entities.json` (a unit test keeps the two equal) and translated beside it.
 * `{{name}}` placeholders are interpolated (i18next syntax).
 */
export const MESSAGES = {
  // Field checks (validate.ts)
  'entities:validation.required': '{{label}} is required.',
  'entities:validation.text': '{{label}} must be text.',
  'entities:validation.integer': '{{label}} must be a whole number.',
  'entities:validation.decimal': '{{label}} must be a number such as 1250.00.',
  'entities:validation.decimalScale': '{{label}} can have at most {{scale}} decimals.',
  'entities:validation.decimalPrecision': '{{label}} can have at most {{digits}} digits before the decimal point.',
  'entities:validation.boolean': '{{label}} must be yes or no.',
  'entities:validation.date': '{{label}} must be a date (YYYY-MM-DD).',
  'entities:validation.datetime': '{{label}} must be a date and time.',
  'entities:validation.list': '{{label}} must be a list.',
  'entities:validation.row': 'Each row of {{label}} must be a record.',
  'entities:validation.maxLength': '{{label}} can be at most {{max}} characters.',
  'entities:validation.minLength': '{{label}} must be at least {{min}} characters.',
  'entities:validation.min': '{{label}} must be at least {{min}}.',
  'entities:validation.max': '{{label}} can be at most {{max}}.',
  'entities:validation.pattern': '{{label}} is not in the expected format.',
  'entities:validation.email': '{{label}} must be an email address.',
  'entities:validation.option': '{{label}}: {{value}} is not one of the choices.',
  'entities:validation.minItems': '{{label}}: select at least {{min}}.',
  'entities:validation.maxItems': '{{label}}: select at most {{max}}.',
  'entities:validation.duplicateItem': '{{label}}: {{value}} is listed twice.',
  'entities:validation.lineChildrenSum': '{{label}}: the rows add up to {{sum}}, not {{expected}}.',
  'entities:validation.unknownField': 'Unknown field: {{field}}.',
  'entities:validation.readOnly': '{{label}} cannot be changed.',
  'entities:validation.characters': '{{label}} contains characters that are not allowed.',
  'entities:validation.lookupInvalid': '{{label}} is not valid.',
  'entities:validation.lookupInactive': '{{label}} must be active.',
  'entities:validation.duplicate': '{{label}} already exists.',
  'entities:validation.notRecord': 'The record must be an object of fields.',
  'entities:validation.version': 'Version is required: the version of the record as it was read.',

  // Save, read and delete results
  'entities:result.created': 'Saved.',
  'entities:result.updated': 'Saved.',
  'entities:result.deleted': 'Deleted.',
  'entities:result.noChanges': 'No changes made.',
  'entities:result.versionConflict': 'The record was changed by someone else. Reload it to see the changes.',
  'entities:result.notFound': 'Not Found',
  'entities:result.noRecords': 'No records.',
  'entities:result.forbidden': 'You do not have sufficient permissions.',
  'entities:result.invalid': 'Some fields are not valid.',
  'entities:result.inUse': 'The record is in use and cannot be deleted.',
  'entities:result.badQuery': 'Bad request: {{detail}}',
  // Documents' states and actions (issue 12, server/src/entities/documents.ts)
  'entities:result.stateLocked': 'This record is {{state}} and can no longer be changed.',
  'entities:result.stateNoDelete': 'This record is {{state}} and cannot be deleted.',
  'entities:result.actionUnknown': 'There is no action {{action}} for this record.',
  'entities:result.actionNotAllowed': 'This action is not allowed while the record is {{state}}.',
  'entities:result.actionDone': 'Done.',

  // Attachments (§5 Attachments, §8)
  'entities:attachments.unsupported': 'File format or type not supported.',
  'entities:attachments.duplicateName': 'A file with the same name cannot be uploaded twice.',
  'entities:attachments.tooLarge': 'The file is larger than 25 MB.',
  'entities:attachments.noFile': 'No file was sent.',

  // §5 Firm and general, §6 assigned customers, §8 bill-to and ship-to
  'entities:firm.rules.firmIdBlank': 'Firm ID cannot be blank.',
  'entities:firm.rules.idOrName': 'Enter a Firm ID or Name.',
  'entities:firm.rules.firmTypeRequired': 'Select at least one firm type.',
  'entities:firm.rules.billToInvalid': 'Bill To Id must be valid.',
  'entities:firm.rules.jobberInvalid': 'Jobber Firm ID must be valid.',
  'entities:firm.rules.mustBeActive': 'Bill-to and ship-to ids must be active.',
  'entities:firm.rules.notAssigned': 'Sorry, this Firm cannot be viewed. You are not assigned to this customer.',
  'entities:firm.rules.confirmDeleteAccounts':
    'Unchecking a firm type deletes that account on save: {{accounts}}. Confirm to delete it.',
  'entities:user-securables.rules.invalid': 'Bill-to and ship-to id invalid.',
  'entities:menu-access.rules.menuInvalid': 'The menu is not a menu of that application.',
  'entities:form-widgets-security.rules.entityInvalid': 'There is no such screen.',
  'entities:form-widgets-security.rules.fieldInvalid': 'The field is not a field of that screen.',
  'entities:form-widgets-security.rules.keyField': 'The key field of a screen cannot be hidden or read-only.',
  'entities:user.rules.passwordRequired': 'An initial password is required for a new user.',
  'entities:user.rules.passwordPolicy': 'The initial password does not meet the password policy: {{rule}}',
  'entities:user.rules.deleteSelf': 'You cannot delete your own user.',
  'entities:state.rules.countryMismatch': 'The state does not belong to that country.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * English defaults of keys of other namespaces: those a module's entity extension uses (`EntityExtension.messages`,
 * define.ts), for code that translates without the locale files (the shared validator's default).
 */
const added = new Map<string, string>();

/** Adds English defaults of message keys (a key given twice keeps its first text). */
export function registerMessages(messages: Readonly<Record<string, string>>): void {
  for (const [key, text] of Object.entries(messages)) if (!added.has(key)) added.set(key, text);
}

/** The English default of a message key (the key itself when it is not in the catalogue). */
export function defaultMessage(key: string): string {
  return (MESSAGES as Record<string, string>)[key] ?? added.get(key) ?? key;
}

/** `{{name}}` interpolation, as i18next does it. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  // A value ending with a period (en-CA's "2:25 p.m.") before the sentence's own ends it once (issue 71 item 2).
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}(\.?)/g, (whole, name: string, period: string) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    return value.endsWith('.') ? value : value + period;
  });
}

