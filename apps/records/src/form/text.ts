/**
 * Translation for the form: full keys (`entities:firm.fields.Name`, `forms:save.noChanges`) with English
 * defaults, re-rendering on language change and once the `forms` namespace arrives (useTranslation loads it).
 */
import { useMemo } from 'react';
import { translate } from '@erp/shared';
import { useTranslation } from '@erp/ui';
import { humanize } from '../../../../shared/src/entities/validate.ts';

/** `tr(key, default, params)`: the text of a full i18n key. */
export type Tr = (key: string, defaultValue: string, params?: Record<string, unknown>) => string;

export function useText(): { tr: Tr; language: string } {
  const { t, language } = useTranslation('forms');
  // `t` changes after each language change or namespace load: a new `tr` makes memoized children re-render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const tr = useMemo<Tr>(() => (key, defaultValue, params) => translate(key, defaultValue, params ?? {}), [t]);
  return { tr, language };
}

/** The label of a field (its labelKey), with the humanized name as the default. */
export function fieldLabel(tr: Tr, labelKey: string, name: string): string {
  return tr(labelKey, humanize(name));
}
