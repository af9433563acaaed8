/**
 * The parameter form of a report or process screen: one labelled control per parameter of the definition
 * (dates as date inputs, integers as number inputs, enums as selects, lookups as the forms' lookups, text as text inputs; fixed
 * parameters are not shown), checked with the same `validateReportParameters` the server runs, so the user
 * sees "The start date cannot be more than one year from the end date." before any call, and the server's
 * own refusals (`Data.Errors`) land on the same fields. Enter in any field submits.
 *
 * Errors: each field's message is tied to its control (`aria-describedby`, `aria-invalid`); a message about
 * the whole form (e.g. "Fiscal year and period, or start and end date, are required.") is an alert above
 * the buttons.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { api, bus, localDates, translate } from '@erp/shared';
import { contributions } from '@erp/shared/entities/index';
import { useTranslation } from '@erp/ui';
import { DateInput } from '../form/fields/DateInput.tsx';
import { applyLateDefault } from '../form/keep-focus.ts';
import {
  PARAMETER_DEFAULTS,
  validateReportParameters,
  type ParameterDefaultSource,
  type ReportParameter,
  type ReportParameterError,
  type ReportParameterValues,
  type ReportRule,
} from '@erp/shared/reports/define';
import { GenericLookupInput } from '../form/fields/Lookup.tsx';

const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A parameter's first value: its default ('today', the year's first day, or a literal), else blank. */
export function initialValue(parameter: ReportParameter, today = new Date()): string {
  if (parameter.defaultValue === 'today') return iso(today);
  if (parameter.defaultValue === 'yearStart') return `${today.getFullYear()}-01-01`;
  // Filled when the module that contributes the keyword answers (useContributedDefaults).
  if (isContributedDefault(parameter)) return '';
  return parameter.defaultValue === undefined ? '' : String(parameter.defaultValue);
}

type FormDefinition = { name: string; parameters: readonly ReportParameter[]; rules: readonly ReportRule[] };

/** Where the last values a user ran a report or process with are kept (the browser's storage, per user). */
function memoryKey(definition: string): string {
  return `erp.report-parameters.${bus.session$.value?.profile.shellSub.subjectId ?? ''}.${definition}`;
}

/** The values this user last ran the definition with (only parameters it still has). */
export function rememberedValues(definition: FormDefinition): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(memoryKey(definition.name)) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const names = new Set(definition.parameters.filter((p) => p.fixed === undefined).map((p) => p.name));
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => names.has(entry[0]) && typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

export function rememberValues(definition: FormDefinition, values: Record<string, string>): void {
  localStorage.setItem(memoryKey(definition.name), JSON.stringify(values));
}

/**
 * The form's first values (issue 21 item 3): what the user last ran it with; else the defaults; a date range
 * the report needs (a `dateRange` rule over required dates, or an alternative of a `oneOf` rule) with neither
 * end given is this month, from its first day to today (the user's clock).
 */
export function initialValues(definition: FormDefinition, today = new Date(), remembered: Record<string, string> = {}): Record<string, string> {
  const values = Object.fromEntries(definition.parameters.filter((p) => p.fixed === undefined).map((p) => [p.name, initialValue(p, today)]));
  const byName = new Map(definition.parameters.map((p) => [p.name, p]));
  // A range the report needs: both ends required, or one alternative of a oneOf rule (fiscal period or dates).
  // An optional range is a filter: left blank, it filters nothing.
  const needed = (start: string, end: string) =>
    (byName.get(start)?.required === true && byName.get(end)?.required === true) ||
    definition.rules.some((rule) => rule.kind === 'oneOf' && rule.alternatives.some((names) => names.includes(start) && names.includes(end)));
  for (const rule of definition.rules) {
    if (rule.kind !== 'dateRange' || !(rule.start in values) || !(rule.end in values) || values[rule.start] || values[rule.end]) continue;
    if (!needed(rule.start, rule.end)) continue;
    values[rule.start] = `${iso(today).slice(0, 8)}01`;
    values[rule.end] = iso(today);
  }
  return Object.keys(remembered).length > 0 ? { ...values, ...remembered } : values;
}

/**
 * The source a module contributed for a `defaultValue` keyword, or undefined (a literal default, or none). Read
 * through the page's one registry (`@erp/shared/entities/index`, import map), where every bundle registers the
 * modules' extensions — not through a copy bundled with the report definitions.
 */
export function parameterDefaultSource(keyword: string | number | undefined): ParameterDefaultSource | undefined {
  if (typeof keyword !== 'string') return undefined;
  return contributions<ParameterDefaultSource>(PARAMETER_DEFAULTS).find((source) => source.defaults.includes(keyword));
}

/** A default a module answers (`PARAMETER_DEFAULTS`, shared/src/reports/define.ts): the G/L's fiscal year and period. */
const isContributedDefault = (parameter: ReportParameter) => parameterDefaultSource(parameter.defaultValue) !== undefined;

/**
 * Issue 21 item 3: `values` with the contributed defaults set from `resolved` (keyword → value) — only while the
 * form still shows its first values `initial` (what the user typed stays). A `oneOf` alternative they complete
 * wins over the others: their defaults (this month's range beside the trial balance's fiscal period) are blanked,
 * so only the period counts.
 */
export function withContributedDefaults(
  definition: FormDefinition,
  values: Record<string, string>,
  initial: Record<string, string>,
  resolved: Readonly<Record<string, string | number>>,
): Record<string, string> {
  if (Object.entries(initial).some(([name, value]) => values[name] !== value)) return values;
  const next = { ...values };
  const filled = new Set<string>();
  for (const parameter of definition.parameters) {
    const value = typeof parameter.defaultValue === 'string' ? resolved[parameter.defaultValue] : undefined;
    if (parameter.fixed !== undefined || next[parameter.name] || value === undefined || !isContributedDefault(parameter)) continue;
    next[parameter.name] = String(value);
    filled.add(parameter.name);
  }
  if (filled.size === 0) return values;
  for (const rule of definition.rules) {
    if (rule.kind !== 'oneOf') continue;
    const chosen = rule.alternatives.find((names) => names.some((name) => filled.has(name)) && names.every((name) => next[name]));
    if (!chosen) continue;
    for (const names of rule.alternatives) if (names !== chosen) for (const name of names) if (next[name] === initial[name]) next[name] = '';
  }
  return next;
}

/** The browser's quiet GET, as a contributed default asks the server (its refusals are not shown). */
const quietGet = <T,>(path: string, query: Readonly<Record<string, string>>) => api.get<T>(path, { ...query }, { quiet: true });

/**
 * Asks each module whose keywords the form's defaults name, once, for their values on the user's day (the
 * browser's date: the user's time zone) when the form has such defaults to fill and no remembered values, and sets
 * them (withContributedDefaults); a default landing in the focused field leaves its text selected. No answer, or
 * no right to the module's call, leaves the form with its other defaults.
 */
export function useContributedDefaults(definition: FormDefinition, initial: Record<string, string>, setValues: (update: (values: Record<string, string>) => Record<string, string>) => void): void {
  useEffect(() => {
    const sources = new Set<ParameterDefaultSource>();
    for (const parameter of definition.parameters) {
      const source = parameterDefaultSource(parameter.defaultValue);
      if (source && parameter.fixed === undefined && !initial[parameter.name]) sources.add(source);
    }
    if (sources.size === 0 || Object.keys(rememberedValues(definition)).length > 0) return;
    let live = true;
    const today = iso(new Date());
    for (const source of sources) {
      source
        .resolve(today, quietGet)
        .then((resolved) => {
          if (!live || !resolved) return;
          // The answer may land while the user is already in the field (focus on open, a click, a select-all before
          // typing): what they type then replaces the default.
          applyLateDefault(() => setValues((values) => withContributedDefaults(definition, values, initial, resolved)));
        })
        .catch(() => {
          // Quiet on purpose: a form without the default still works (the user types the value).
        });
    }
    return () => {
      live = false;
    };
  }, [definition, initial, setValues]);
}

/** The message of an error key in the user's language. */
export function errorText(error: ReportParameterError): string {
  return translate(error.key, error.key, localDates(error.params ?? {}));
}

export interface ParameterFormProps {
  /** Name and rules of the screen's definition (report or process). */
  definition: { name: string; parameters: readonly ReportParameter[]; rules: readonly ReportRule[] };
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
  /** Errors to show (the server's refusal, or the form's own check). */
  errors: readonly ReportParameterError[];
  onErrors(errors: ReportParameterError[]): void;
  /** Called with the checked parameters when the user submits and they pass the rules. */
  onSubmit(parameters: ReportParameterValues): void;
  /** Region label ("Parameters"). */
  label: string;
  /** The buttons (the first submit button runs `onSubmit`). */
  children: ReactNode;
}

/** The checked parameters for `values`, or the errors (same rules as the server). */
export function checkParameters(definition: ParameterFormProps['definition'], values: Record<string, string>) {
  const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
  return validateReportParameters({ ...definition, columns: [], defaultSort: [], application: '', routes: [], titleKey: '' }, input);
}

export function ParameterForm({ definition, values, onChange, errors, onErrors, onSubmit, label, children }: ParameterFormProps) {
  const id = useId();
  const { language } = useTranslation('records');
  const [touched, setTouched] = useState(false);
  const shown = definition.parameters.filter((p) => p.fixed === undefined);
  const formErrors = errors.filter((e) => e.field === null || !shown.some((p) => p.name === e.field));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const checked = checkParameters(definition, values);
    if (!checked.ok) {
      onErrors(checked.errors);
      // The first field in error takes the focus, so a keyboard user lands on what to fix.
      const first = checked.errors.find((e) => e.field !== null);
      if (first) document.getElementById(`${id}-${first.field}`)?.focus();
      return;
    }
    onErrors([]);
    rememberValues(definition, values);
    onSubmit(checked.value);
  };

  const set = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    // Typing into one alternative of a oneOf rule ("fiscal year and period, or start and end date") drops the
    // defaults the form put into the others, so the values the user gives are the ones that count.
    const defaults = initialValues(definition);
    for (const rule of definition.rules) {
      if (rule.kind !== 'oneOf' || value === '' || !rule.alternatives.some((names) => names.includes(name))) continue;
      for (const other of rule.alternatives.filter((names) => !names.includes(name)).flat()) {
        if (next[other] !== undefined && next[other] === defaults[other]) next[other] = '';
      }
    }
    onChange(next);
    // After a first submit, errors follow the typing (the same rules, at once).
    if (touched) {
      const checked = checkParameters(definition, next);
      onErrors(checked.ok ? [] : checked.errors);
    }
  };

  return (
    <form className="report-parameters" aria-label={label} onSubmit={submit} noValidate data-f2-region="parameters">
      <div className="report-parameters__fields">
        {shown.map((parameter) => {
          const fieldErrors = errors.filter((e) => e.field === parameter.name);
          const inputId = `${id}-${parameter.name}`;
          const errorId = `${inputId}-error`;
          const common = {
            id: inputId,
            name: parameter.name,
            value: values[parameter.name] ?? '',
            'aria-invalid': fieldErrors.length > 0 ? ('true' as const) : undefined,
            'aria-describedby': fieldErrors.length > 0 ? errorId : undefined,
            'aria-required': parameter.required ? ('true' as const) : undefined,
            className: 'report-parameters__input',
          };
          let control: ReactNode;
          if (parameter.type === 'lookup' && parameter.entity) {
            // The framework's lookup (issue 21 item 5; issue 71 item 2: never an entity widget's older Name / Find
            // panel), with the report's rights (item 11).
            control = (
              <GenericLookupInput
                id={inputId}
                value={common.value}
                onChange={(value) => set(parameter.name, value)}
                entity={parameter.entity}
                label={translate(parameter.labelKey, parameter.name)}
                readOnly={false}
                invalid={fieldErrors.length > 0}
                describedBy={common['aria-describedby']}
                via={{ report: definition.name, field: parameter.name }}
              />
            );
          } else if (parameter.type === 'enum') {
            control = (
              <select {...common} onChange={(event) => set(parameter.name, event.target.value)}>
                <option value="" />
                {parameter.options!.map((option) => (
                  <option key={option.value} value={option.value}>
                    {translate(option.labelKey, option.value)}
                  </option>
                ))}
              </select>
            );
          } else if (parameter.type === 'date') {
            control = <DateInput {...common} value={values[parameter.name] ?? ''} locale={language} onChange={(value) => set(parameter.name, value)} />;
          } else {
            const type = parameter.type === 'integer' ? 'number' : 'text';
            control = (
              <input
                {...common}
                type={type}
                inputMode={parameter.type === 'integer' ? 'numeric' : undefined}
                min={parameter.type === 'integer' ? parameter.min : undefined}
                max={parameter.type === 'integer' ? parameter.max : undefined}
                maxLength={parameter.maxLength}
                autoComplete="off"
                onChange={(event) => set(parameter.name, event.target.value)}
              />
            );
          }
          return (
            <div className="report-parameters__field" key={parameter.name} data-parameter={parameter.name}>
              <label htmlFor={inputId}>
                {translate(parameter.labelKey, parameter.name)}
                {parameter.required ? <span aria-hidden="true"> *</span> : null}
              </label>
              {control}
              {fieldErrors.length > 0 && (
                <span className="report-parameters__error" id={errorId}>
                  {fieldErrors.map(errorText).join(' ')}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {formErrors.length > 0 && (
        <p className="records-notice records-notice--error" role="alert">
          {formErrors.map(errorText).join(' ')}
        </p>
      )}
      <div className="report-parameters__buttons">{children}</div>
    </form>
  );
}
