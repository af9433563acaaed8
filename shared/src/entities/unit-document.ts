/**
 * A small document for the definition engine's unit tests: `unit-<name>` keyed by DocId, with a Lines
 * collection whose line part (fields, lines flag, expanded window, lineChildren) the test gives.
 */
import { ADMIN_ONLY } from './common.ts';
import { defineEntity, type ChildrenField } from './define.ts';

export function unitDocument(name: string, lines: Omit<ChildrenField, 'type' | 'table' | 'parentColumn' | 'key'>) {
  const table = `unit_${name.replaceAll('-', '_')}`;
  return defineEntity({
    name: `unit-${name}`,
    table,
    key: 'DocId',
    keyKind: 'auto',
    application: 'SHELL',
    fields: {
      DocId: { type: 'integer', readOnly: true },
      Lines: { type: 'children', table: `${table}_lines`, parentColumn: 'doc_id', key: 'LineId', ...lines },
    },
    listColumns: ['DocId'],
    defaultSort: [{ field: 'DocId' }],
    roles: ADMIN_ONLY,
  });
}
