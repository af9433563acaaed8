/**
 * §3 Bill-to securable identifier editor (user-securables): the first item is the bill-to firm, the rest its
 * ship-tos, each picked with the firm lookup. The value stays the comma list the server takes
 * (`B100,S101,S102`); the server checks every id is an existing active firm of the right type, else
 * 'Bill-to and ship-to id invalid.' (§8), shown inline here like any field message.
 * Props: id (of the bill-to input), value, onChange(text), readOnly, errors, errorId.
 */
import { LookupInput, useText } from '@erp/records';
import { firm } from '../definitions/firm.ts';

export function SecurablesEditor(props: {
  id: string;
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
  errors: readonly string[];
  errorId: string;
  label: string;
}) {
  const { tr } = useText();
  const ids = props.value === '' ? [''] : props.value.split(',');
  const set = (next: string[]) => props.onChange(next.join(','));
  const invalid = props.errors.length > 0;
  const describedBy = invalid ? props.errorId : undefined;
  const billToLabel = tr('entities:user-securables.editor.billTo', 'Bill-to');
  return (
    <fieldset className="erp-field erp-securables" aria-describedby={describedBy}>
      <legend>
        {props.label}
        <span className="erp-required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="erp-securable-row">
        <label htmlFor={props.id}>{billToLabel}</label>
        <LookupInput
          id={props.id}
          value={ids[0] ?? ''}
          onChange={(value) => set([value.toUpperCase(), ...ids.slice(1)])}
          entity={firm.name}
          label={billToLabel}
          readOnly={props.readOnly}
          invalid={invalid}
          describedBy={describedBy}
        />
      </div>
      {ids.slice(1).map((shipTo, index) => {
        const label = tr('entities:user-securables.editor.shipTo', 'Ship-to {{n}}', { n: index + 1 });
        const rowId = `${props.id}-ship-${index}`;
        return (
          <div className="erp-securable-row" key={index}>
            <label htmlFor={rowId}>{label}</label>
            <LookupInput
              id={rowId}
              value={shipTo}
              onChange={(value) => set(ids.map((item, i) => (i === index + 1 ? value.toUpperCase() : item)))}
              entity={firm.name}
              label={label}
              readOnly={props.readOnly}
              invalid={invalid}
              describedBy={describedBy}
            />
            {props.readOnly ? null : (
              <button
                type="button"
                aria-label={tr('entities:user-securables.editor.remove', 'Remove {{label}}', { label })}
                onClick={() => set(ids.filter((_, i) => i !== index + 1))}
              >
                ×
              </button>
            )}
          </div>
        );
      })}
      {props.readOnly ? null : (
        <button type="button" onClick={() => set([...ids, ''])}>
          {tr('entities:user-securables.editor.add', 'Add a ship-to')}
        </button>
      )}
      {invalid ? (
        <p id={props.errorId} className="erp-field-error">
          {props.errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}
