/**
 * The record form's reading of the server's answers (EntityForm): localized server findings in the shape of
 * the shared validator's, the answer's message from its result code (generic, or the entity's own
 * `resultKeys`), and the set fields whose saved options need a confirmation to remove (§5 firm types).
 */
import type { BannerText } from './banner.ts';
import type { AnyEntity, ChildrenField, FieldDefinition, RemovalConfirmation } from '../../../../shared/src/entities/define.ts';
import type { ValidationIssue } from '../../../../shared/src/entities/validate.ts';
import type { CallOutcome, ServerIssue } from './record-api.ts';
import { localDates } from '@erp/shared';
import { fieldLabel, type Tr } from './text.ts';

/** The set fields whose saved options need a confirmation to remove, with that confirmation. */
export function removalConfirmations(entity: AnyEntity): [string, RemovalConfirmation][] {
  return Object.entries(entity.fields).flatMap(([name, field]) => (field.type === 'set' && field.removalConfirm ? [[name, field.removalConfirm] as [string, RemovalConfirmation]] : []));
}

/** The options of a set field the record had saved. */
export function savedOptions(record: Record<string, unknown> | null, field: string): string[] {
  return (record?.[field] as string[] | undefined) ?? [];
}

/** The label of a field or `Child[2].Field` path, for server messages' {{label}}. */
function labelOf(tr: Tr, entity: AnyEntity, path: string): string {
  const match = /^([A-Za-z0-9]+)(?:\[\d+\]\.([A-Za-z0-9]+))?$/.exec(path);
  const top = match?.[1] ? (entity.fields[match[1]] as (FieldDefinition & { labelKey: string }) | undefined) : undefined;
  // A finding about the whole record (a duplicate key combination): "The record already exists."
  if (!top) return tr('forms:summary.record', 'The record');
  if (match?.[2] && top.type === 'children') {
    const child = (top as ChildrenField).fields[match[2]] as (FieldDefinition & { labelKey: string }) | undefined;
    if (child) return fieldLabel(tr, child.labelKey, match[2]);
  }
  return fieldLabel(tr, top.labelKey, match![1]!);
}

/** Server findings in the shape of the shared validator's, localized from their keys. */
export function serverIssues(tr: Tr, entity: AnyEntity, errors: readonly ServerIssue[]): ValidationIssue[] {
  return errors.map((error) => {
    const params = error.params ?? {};
    return {
      field: error.field,
      key: error.key,
      params,
      // Dates named in the finding in the language's style (§9), as the server writes its Message.
      message: tr(error.key, error.message, { label: labelOf(tr, entity, error.field), ...localDates(params) }),
    };
  });
}

/** The server answer's message, translated when its code has a catalogue key (generic, or the entity's own). */
export function outcomeText(tr: Tr, entity: AnyEntity, outcome: CallOutcome): string {
  switch (outcome.body?.ResultCode) {
    case 'no_changes':
      return tr('entities:result.noChanges', 'No changes made.');
    case 'version_conflict':
      return tr('entities:result.versionConflict', 'The record was changed by someone else. Reload it to see the changes.');
    case 'in_use':
      return tr('entities:result.inUse', 'The record is in use and cannot be deleted.');
    case 'not_found':
      return tr('entities:result.notFound', 'Not Found');
    case 'forbidden':
      return tr('entities:result.forbidden', 'You do not have sufficient permissions.');
    default: {
      const key = entity.resultKeys[outcome.body?.ResultCode ?? ''];
      return key ? tr(key, outcome.message ?? '') : (outcome.message ?? '');
    }
  }
}

/** What a failed call shows: the transport's own message when nothing answered, else the answer's text. */
export function failureText(tr: Tr, entity: AnyEntity, outcome: CallOutcome): string {
  return outcome.status === 0 ? (outcome.message ?? '') : outcomeText(tr, entity, outcome);
}

/**
 * `outcomeText` as a banner's text (banner.ts): written from the client's keys again in the language shown when the
 * answer's code has one, else the server's message as it was answered (issue 71 item 2).
 */
export function outcomeBannerText(tr: Tr, entity: AnyEntity, outcome: CallOutcome, failure = false): BannerText {
  const code = outcome.body?.ResultCode ?? '';
  const keyed = !(failure && outcome.status === 0) && (['no_changes', 'version_conflict', 'in_use', 'not_found', 'forbidden'].includes(code) || entity.resultKeys[code] !== undefined);
  return keyed ? () => outcomeText(tr, entity, outcome) : failure ? failureText(tr, entity, outcome) : outcomeText(tr, entity, outcome);
}
