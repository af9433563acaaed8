/**
 * The list's toolbar (New, Edit, Delete, Refresh, Export to Excel, the column chooser) and the export's
 * progress line with its cancel button. The buttons only call back; the list runs the actions. Tooltips
 * carry the definition's hotkeys ("New (Alt+N)"); `hotkeyOf(id)` answers the list action's hotkey.
 */
import { formatInteger, numberFormat, translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { useTranslation } from '@erp/ui';
import type { ExportProgress } from '../data/api.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import { ariaShortcut } from './keyboard.ts';

/** A tooltip text with the control's shortcut, e.g. "New (Alt+N)". */
function withShortcut(label: string, hotkey: string | undefined): string {
  return hotkey ? `${label} (${hotkey})` : label;
}

function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

export interface ListToolbarProps {
  entity: AnyEntity;
  entityTitle: string;
  canWrite: boolean;
  hidden: readonly string[];
  /** The visible columns (the chooser's value). */
  columns: readonly string[];
  exporting: boolean;
  hotkeyOf(id: string): string | undefined;
  onNew(): void;
  onEdit(): void;
  onDelete(): void;
  /** A selected row's state forbids deleting it: Delete is disabled. */
  deleteForbidden?: boolean;
  onRefresh(): void;
  onExport(): void;
  onColumns(fields: string[]): void;
}

export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation('records');
  const { hotkeyOf } = props;
  return (
    <div className="records-toolbar" role="toolbar" aria-label={t('list.toolbar', { entity: props.entityTitle })} data-f2-region="toolbar">
      {props.canWrite && (
        <button
          type="button"
          className="records-button records-button--primary"
          onClick={props.onNew}
          aria-keyshortcuts={ariaShortcut(hotkeyOf('new'))}
          title={withShortcut(translate('entities:actions.new', 'New'), hotkeyOf('new'))}
        >
          {translate('entities:actions.new', 'New')}
        </button>
      )}
      <button type="button" className="records-button" onClick={props.onEdit}>
        {t('actions.edit')}
      </button>
      {props.canWrite && (
        <button type="button" className="records-button" onClick={props.onDelete} disabled={props.deleteForbidden === true}>
          {translate('entities:actions.delete', 'Delete')}
        </button>
      )}
      <button type="button" className="records-button" onClick={props.onRefresh}>
        {t('actions.refresh')}
      </button>
      <button
        type="button"
        className="records-button"
        disabled={props.exporting}
        onClick={props.onExport}
        aria-keyshortcuts={ariaShortcut(hotkeyOf('export'))}
        title={withShortcut(translate('entities:actions.export', 'Export to Excel'), hotkeyOf('export'))}
      >
        {translate('entities:actions.export', 'Export to Excel')}
      </button>
      <ColumnChooser entity={props.entity} hidden={props.hidden} visible={props.columns} onChange={props.onColumns} />
    </div>
  );
}

/** The running export: bytes (and rows, once known) received so far, and Cancel. */
export function ExportStatus({ progress, locale, onCancel }: { progress: ExportProgress; locale: string; onCancel(): void }) {
  const { t } = useTranslation('records');
  return (
    <div className="records-export" role="status" data-records-export="">
      <progress aria-label={translate('entities:actions.export', 'Export to Excel')} />
      <span>
        {progress.rows !== null
          ? t('export.progressRows', { rows: formatInteger(progress.rows, locale), size: formatBytes(progress.bytes, locale) })
          : t('export.progress', { size: formatBytes(progress.bytes, locale) })}
      </span>
      <button type="button" className="records-button" onClick={onCancel}>
        {t('export.cancel')}
      </button>
    </div>
  );
}
