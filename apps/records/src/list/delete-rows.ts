/**
 * The list's Delete: asks first (one record, or "Delete N records?"), then deletes the rows one by one with
 * their Version, stopping at the first refusal. Answers how many were deleted and the refusal's text (§8,
 * the server's own message), if any.
 */
import { askUser, translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import type { Translate } from '@erp/ui';
import { deleteRecord, refusalMessage } from '../data/api.ts';

export async function deleteRows(
  entity: AnyEntity,
  targets: readonly Record<string, unknown>[],
  t: Translate,
): Promise<{ deleted: number; refusal: string | null }> {
  const answerId = await askUser({
    heading: translate('entities:actions.delete', 'Delete'),
    message: targets.length === 1 ? translate('entities:confirm.delete', 'Delete this record?') : t('messages.deleteSeveral', { count: targets.length }),
    actions: [
      { id: 'delete', label: translate('entities:actions.delete', 'Delete'), variant: 'danger' },
      { id: 'cancel', label: t('actions.cancel'), variant: 'default' },
    ],
  });
  if (answerId !== 'delete') return { deleted: 0, refusal: null };
  let deleted = 0;
  for (const row of targets) {
    const id = String(row[entity.key]);
    try {
      await deleteRecord(entity.name, id, Number(row['Version']));
      deleted += 1;
    } catch (error) {
      return { deleted, refusal: refusalMessage(error, translate('errors:http.badRequest', 'Bad request')) };
    }
  }
  return { deleted, refusal: null };
}
