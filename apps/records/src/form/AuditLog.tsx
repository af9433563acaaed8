/**
 * §3 Audit log of one record: GET /api/data/:entity/:id/audit, newest first, paged (50 a page). Shows table,
 * id name and value, column, old and new value, action, by and date. Reloads when `refresh` changes (after
 * each save).
 * Props: entity (name), recordId, refresh (a counter).
 */
import { useEffect, useState } from 'react';
import { formatDate } from '@erp/shared';
import { getAudit, type AuditRow } from './record-api.ts';
import { Pager } from './Pager.tsx';
import { useText } from './text.ts';

const PAGE_SIZE = 50;

export function AuditLog(props: { entity: string; recordId: string; refresh: number }) {
  const { tr, language } = useText();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [total, setTotal] = useState(0);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void getAudit(props.entity, props.recordId, page, PAGE_SIZE).then((outcome) => {
      if (!live) return;
      if (outcome.status !== 200) {
        setRows([]);
        setMessage(outcome.message);
        return;
      }
      setRows((outcome.body?.List ?? []) as AuditRow[]);
      setTotal(outcome.body?.TotalCount ?? 0);
      setMessage(null);
    });
    return () => {
      live = false;
    };
  }, [props.entity, props.recordId, props.refresh, page]);

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const actionText = (action: string) => tr(`entities:audit.actions.${action}`, action);
  return (
    <section className="erp-audit" aria-label={tr('entities:audit.title', 'Audit log')}>
      {message ? <p role="status">{message}</p> : null}
      {rows.length === 0 && !message ? <p>{tr('entities:result.noRecords', 'No records.')}</p> : null}
      {rows.length > 0 ? (
        <table className="erp-subtable erp-audit-table">
          <thead>
            <tr>
              <th scope="col">{tr('entities:audit.actionOn', 'Date')}</th>
              <th scope="col">{tr('entities:audit.actionBy', 'Changed by')}</th>
              <th scope="col">{tr('entities:audit.action', 'Action')}</th>
              <th scope="col">{tr('forms:audit.table', 'Table')}</th>
              <th scope="col">{tr('forms:audit.id', 'Id')}</th>
              <th scope="col">{tr('entities:audit.column', 'Column')}</th>
              <th scope="col">{tr('entities:audit.oldValue', 'Old value')}</th>
              <th scope="col">{tr('entities:audit.newValue', 'New value')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.AuditKey}>
                <td>{formatDate(new Date(row.ActionOn), { dateStyle: 'short', timeStyle: 'medium' }, language)}</td>
                <td>{row.ActionBy}</td>
                <td>{actionText(row.Action)}</td>
                <td>{row.TableName}</td>
                <td>
                  {row.IdName}={row.IdValue}
                </td>
                <td>{row.FieldName ?? row.ColumnName}</td>
                <td className="erp-audit-value">{row.OldValue ?? ''}</td>
                <td className="erp-audit-value">{row.NewValue ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Pager tr={tr} label={tr('forms:audit.pages', 'Audit log pages')} page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
