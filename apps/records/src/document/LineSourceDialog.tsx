/**
 * Lines from another document (definition `ChildrenField.sources`, LineSource; issue 23: a purchase order's "Add
 * from sales order"). A modal dialog: the source record is picked with the header's own lookup field (so it
 * offers what the save accepts); the source's call proposes lines, each with a tick and its quantity. A line
 * whose `unique` value is already on the document is not offered: §8 "Product already added.". OK ("Add
 * lines") sets the header field and appends the ticked lines; nothing is saved until the user saves.
 *
 * Keyboard: the focus is on the source lookup on open; Ctrl+Enter is OK; Escape is Cancel.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ChildrenField, FieldDefinition, LineSource } from '../../../../shared/src/entities/define.ts';
import { FieldInput } from '../form/fields/FieldInput.tsx';
import { draftValue, wireValue } from '../form/form-state.ts';
import { call } from '../form/record-api.ts';
import type { Tr } from '../form/text.ts';
import { firstEditable } from '../list/regions.ts';

type Proposal = { Values: Record<string, unknown>; Selected: boolean; NoteKey?: string };
type Offer = { values: Record<string, unknown>; chosen: boolean; quantity: string; note: string | null; offered: boolean };

export interface LineSourceDialogProps {
  /** The document's entity: the picker's lookup is asked for as its header field. */
  from: string;
  source: LineSource;
  /** The header lookup field that names the source record. */
  field: FieldDefinition & { labelKey: string };
  lines: ChildrenField;
  /** The document's header: drafts (the picker's start) and wire values (sent to the source's call). */
  header: Readonly<Record<string, unknown>>;
  headerWire: Readonly<Record<string, unknown>>;
  /** The `unique` values already on the document, upper case. */
  existing: ReadonlySet<string>;
  tr: Tr;
  onAdd(pick: unknown, lines: Record<string, unknown>[]): void;
  onClose(): void;
}

export function LineSourceDialog(props: LineSourceDialogProps) {
  const { source, field, lines, tr } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [pick, setPick] = useState<unknown>(props.header[source.field] ?? null);
  const [offers, setOffers] = useState<Offer[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const quantityField = lines.fields[source.quantity]!;
  const title = tr(source.labelKey, source.id);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    firstEditable(element)?.focus();
    return () => element.close();
  }, []);

  // The source record's lines, asked again whenever another record is picked; an answer for an older pick is dropped.
  const key = wireValue(field, pick);
  useEffect(() => {
    setOffers(null);
    setError(null);
    if (key === null || key === undefined || key === '') return;
    let live = true;
    setBusy(true);
    void call<{ Lines: Proposal[] }>('POST', source.path, { Header: { ...props.headerWire, [source.field]: key }, Key: key }).then((outcome) => {
      if (!live) return;
      setBusy(false);
      if (outcome.status !== 200 || !outcome.body?.Data) {
        setError(outcome.message ?? '');
        return;
      }
      setOffers(
        outcome.body.Data.Lines.map((proposal) => {
          const unique = source.unique ? String(proposal.Values[source.unique] ?? '').toUpperCase() : '';
          const taken = unique !== '' && props.existing.has(unique);
          const note = taken ? tr('errors:business.productAlreadyAdded', 'Product already added.') : proposal.NoteKey ? tr(proposal.NoteKey, '') : null;
          return { values: proposal.Values, chosen: proposal.Selected && !taken, quantity: String(draftValue(quantityField, proposal.Values[source.quantity]) ?? ''), note, offered: !taken };
        }),
      );
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const change = (index: number, patch: Partial<Offer>) => setOffers((current) => current && current.map((offer, at) => (at === index ? { ...offer, ...patch } : offer)));
  const chosen = offers?.filter((offer) => offer.offered && offer.chosen) ?? [];
  const ok = () => {
    if (chosen.length === 0) return;
    props.onAdd(pick, chosen.map((offer) => ({ ...offer.values, [source.quantity]: wireValue(quantityField, offer.quantity) })));
    props.onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      ok();
    }
  };
  const label = (name: string) => tr(lines.fields[name]?.labelKey ?? '', name);
  const shown = Object.keys(lines.fields).filter((name) => name !== source.quantity && name in (offers?.[0]?.values ?? {}));

  return (
    <dialog
      ref={dialog}
      className="erp-dialog erp-line-source"
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <h3 id={titleId}>{title}</h3>
      <div className="erp-form-fields">
        <FieldInput prefix={`source-${source.id}`} from={props.from} record={props.header} name={source.field} field={field} value={pick} readOnly={false} errors={error ? [error] : []} issues={[]} onChange={setPick} />
      </div>
      {offers && offers.length === 0 && <p role="status">{tr('records:document.sourceEmpty', 'This document has no lines to add.')}</p>}
      {offers && offers.length > 0 && (
        <table className="erp-line-source-lines">
          <thead>
            <tr>
              <th scope="col">{tr('records:document.sourceTake', 'Add')}</th>
              {shown.map((name) => (
                <th key={name} scope="col">
                  {label(name)}
                </th>
              ))}
              <th scope="col">{label(source.quantity)}</th>
              <th scope="col">{tr('records:document.sourceNote', 'Note')}</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((offer, index) => {
              const name = String(offer.values[source.unique ?? shown[0] ?? ''] ?? index + 1);
              return (
                <tr key={index} data-offered={offer.offered || undefined}>
                  <td>
                    <input type="checkbox" checked={offer.chosen} disabled={!offer.offered} aria-label={tr('records:document.sourceTakeLine', 'Add {{name}}', { name })} onChange={(event) => change(index, { chosen: event.target.checked })} />
                  </td>
                  {shown.map((column) => (
                    <td key={column}>{String(offer.values[column] ?? '')}</td>
                  ))}
                  <td>
                    <input
                      type="text"
                      inputMode="decimal"
                      className="erp-number"
                      value={offer.quantity}
                      disabled={!offer.offered}
                      aria-label={`${label(source.quantity)} ${name}`}
                      onChange={(event) => change(index, { quantity: event.target.value, chosen: true })}
                    />
                  </td>
                  <td>{offer.note}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="erp-dialog-actions">
        <button type="button" className="erp-primary" disabled={busy || chosen.length === 0} onClick={ok} aria-keyshortcuts="Control+Enter" title={`${tr('records:document.sourceAdd', 'Add lines')} (Ctrl+Enter)`}>
          {tr('records:document.sourceAddCount', 'Add {{count}} lines', { count: chosen.length })}
        </button>
        <button type="button" onClick={props.onClose}>
          {tr('records:document.cancel', 'Cancel')}
        </button>
      </div>
    </dialog>
  );
}
