/**
 * §3 Record trail: created by and on, updated by and on, version — shown under the form of a saved record.
 * Props: record (the loaded record, wire form).
 */
import { formatDate } from '@erp/shared';
import { useText } from './text.ts';

function when(value: unknown, language: string): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDate(date, { dateStyle: 'medium', timeStyle: 'short' }, language);
}

export function RecordTrail(props: { record: Record<string, unknown> }) {
  const { tr, language } = useText();
  const { record } = props;
  const items: [string, string, string][] = [
    ['createdBy', tr('entities:form.createdBy', 'Created by'), String(record['CreatedBy'] ?? '')],
    ['createdOn', tr('entities:form.createdOn', 'Created on'), when(record['CreatedOn'], language)],
    ['updatedBy', tr('entities:form.updatedBy', 'Updated by'), String(record['UpdatedBy'] ?? '')],
    ['updatedOn', tr('entities:form.updatedOn', 'Updated on'), when(record['UpdatedOn'], language)],
    ['version', tr('entities:form.version', 'Version'), String(record['Version'] ?? '')],
  ];
  return (
    <dl className="erp-record-trail" aria-label={tr('forms:trail.title', 'Record trail')}>
      {items.map(([id, label, value]) => (
        <div key={id} data-trail={id}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
