/** Form widgets security: the screen must be an entity of the registry, the field one of its fields, not its key. */
import { entityByName } from '@erp/shared/entities/index';
import type { EntityHooks } from '@erp/server/entities/hooks';

export const formWidgetsSecurityHooks: EntityHooks = {
  async validate(_ctx, change) {
    const target = entityByName(String(change.next['Entity']));
    if (!target) return [{ field: 'Entity', key: 'entities:form-widgets-security.rules.entityInvalid' }];
    const field = String(change.next['FieldName']);
    if (!(field in target.fields)) return [{ field: 'FieldName', key: 'entities:form-widgets-security.rules.fieldInvalid' }];
    if (field === target.key) return [{ field: 'FieldName', key: 'entities:form-widgets-security.rules.keyField' }];
    return [];
  },
};
