/**
 * The list's search box and the definition's filters (server/src/entities/README.md "List parameters").
 *
 * Props: `entity`, `hidden` (fields the caller may not see: their filters are left out), `search`,
 * `filters` (parameter name → value), `onChange({ search?, filters? })` — called as the user types, a
 * moment after the last key for text, at once for choices. Controls by field type: a choice for enum,
 * set and boolean fields (`in`: several of them, ChoiceSetFilter), two number or date boxes for a range, a text box
 * otherwise (`in`: a comma list).
 */
import { memo, useEffect, useId, useRef, useState } from 'react';
import { translate } from '@erp/shared';
import type { AnyEntity, FieldDefinition, FilterSpec } from '@erp/shared/entities/define';
import { useTranslation } from '@erp/ui';
import { filterParamNames } from '../data/query.ts';
import { DateInput } from '../form/fields/DateInput.tsx';
import { ChoiceSetFilter } from './ChoiceSetFilter.tsx';

/** How long typing may pause before the list asks the server (ms). */
const TYPING_PAUSE = 300;

export interface FiltersProps {
  entity: AnyEntity;
  hidden: readonly string[];
  search: string;
  filters: Readonly<Record<string, string>>;
  onChange(change: { search?: string; filters?: Record<string, string> }): void;
}

/** A text box that reports its value after a pause in typing (or at once on Enter). */
function DeferredInput(props: {
  id: string;
  value: string;
  type: 'text' | 'search' | 'number';
  label?: string;
  onCommit(value: string): void;
}) {
  const [draft, setDraft] = useState(props.value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const committed = useRef(props.value);
  // The value changed from outside (Clear filters): show it.
  useEffect(() => {
    if (props.value !== committed.current) {
      committed.current = props.value;
      setDraft(props.value);
    }
  }, [props.value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (value: string) => {
    clearTimeout(timer.current);
    if (value === committed.current) return;
    committed.current = value;
    props.onCommit(value);
  };
  return (
    <input
      id={props.id}
      type={props.type}
      value={draft}
      aria-label={props.label}
      step={props.type === 'number' ? 'any' : undefined}
      onChange={(event) => {
        const value = event.target.value;
        setDraft(value);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(value), TYPING_PAUSE);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
      }}
      onBlur={(event) => commit(event.currentTarget.value)}
    />
  );
}

function fieldLabel(entity: AnyEntity, filter: FilterSpec): string {
  const field = entity.fields[filter.field];
  const key = filter.labelKey ?? field?.labelKey ?? filter.field;
  return translate(key, filter.field);
}

/** The choices of a filter on an enum, set or boolean field, or null for a typed value. */
function choices(field: FieldDefinition, yes: string, no: string): { value: string; label: string }[] | null {
  if (field.type === 'boolean') return [{ value: 'true', label: yes }, { value: 'false', label: no }];
  if (field.type === 'enum' || (field.type === 'set' && field.options)) {
    return (field.options ?? []).map((option) => ({ value: option.value, label: translate(option.labelKey, option.value) }));
  }
  return null;
}

/**
 * Memoized (issue 40 item 10): the list re-renders at each selection or cursor move, and its filters (their labels
 * and date pickers' tooltips) only need to when the query or the definition changes; `onChange` must be stable.
 */
export const Filters = memo(function Filters({ entity, hidden, search, filters, onChange }: FiltersProps) {
  const { t, language } = useTranslation('records');
  const baseId = useId();
  const specs = entity.filters.filter((filter) => !hidden.includes(filter.field));
  const yes = translate('entities:list.yes', 'Yes');
  const no = translate('entities:list.no', 'No');
  const setFilter = (name: string, value: string) => onChange({ filters: { ...filters, [name]: value } });
  const anyActive = search.trim() !== '' || Object.values(filters).some((value) => value.trim() !== '');

  return (
    <div className="records-filters" role="search" aria-label={translate('entities:list.filters', 'Filters')} data-f2-region="filters">
      {entity.search.length > 0 && (
        <div className="records-filter records-filter--search">
          <label htmlFor={`${baseId}-search`}>{translate('entities:list.search', 'Search')}</label>
          <DeferredInput id={`${baseId}-search`} type="search" value={search} onCommit={(value) => onChange({ search: value })} />
        </div>
      )}
      {specs.map((filter) => {
        const field = entity.fields[filter.field]!;
        const label = fieldLabel(entity, filter);
        const [name, toName] = filterParamNames(filter) as [string, string | undefined];
        const id = `${baseId}-${filter.field}`;
        if (filter.op === 'range') {
          const dates = field.type === 'date' || field.type === 'datetime';
          // A date range is typed in the user's language (DateInput); only a whole date (or none) filters.
          const bound = (param: string, boundLabel: string, suffix: string) =>
            dates ? (
              <DateInput
                id={`${id}-${suffix}`}
                aria-label={boundLabel}
                value={filters[param] ?? ''}
                locale={language}
                onChange={(value) => {
                  if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) setFilter(param, value);
                }}
              />
            ) : (
              <DeferredInput id={`${id}-${suffix}`} type="number" label={boundLabel} value={filters[param] ?? ''} onCommit={(value) => setFilter(param, value)} />
            );
          return (
            <fieldset key={filter.field} className="records-filter records-filter--range">
              <legend>{label}</legend>
              {bound(name, t('filters.from', { label }), 'from')}
              <span aria-hidden="true">–</span>
              {bound(toName!, t('filters.to', { label }), 'to')}
            </fieldset>
          );
        }
        const options = choices(field, yes, no);
        return (
          <div key={filter.field} className="records-filter">
            <label id={`${id}-label`} htmlFor={id}>
              {label}
            </label>
            {options && filter.op === 'in' ? (
              <ChoiceSetFilter id={id} labelId={`${id}-label`} options={options} value={filters[name] ?? ''} onChange={(value) => setFilter(name, value)} />
            ) : options ? (
              <select id={id} value={filters[name] ?? ''} onChange={(event) => setFilter(name, event.target.value)}>
                <option value="">{t('filters.any')}</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <DeferredInput id={id} type="text" value={filters[name] ?? ''} onCommit={(value) => setFilter(name, value)} />
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="records-button records-button--quiet"
        disabled={!anyActive}
        onClick={() => {
          const cleared: Record<string, string> = {};
          for (const key of Object.keys(filters)) cleared[key] = '';
          onChange({ search: '', filters: cleared });
        }}
      >
        {translate('entities:list.clearFilters', 'Clear filters')}
      </button>
    </div>
  );
});
