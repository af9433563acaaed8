/**
 * Set-up check screen (issue 40 item 1), route `/novus-gl/setup-check` (`@erp/accounting#SetupCheck`): what each
 * module's processes and documents need configured and is missing (contract: ../definitions/setup-check.ts;
 * the server decides, modules/gl/server/setup-check/), one row per item with a link that opens the screen that
 * fixes it — named by the catalog route's title in the user's language (the routes the user may open; a screen
 * they may not open shows its path, not a link). "Check again" asks once more after a fix in another tab.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { api, ApiError, errorDescription } from '@erp/shared';
import type { RouteDefinition } from '@erp/shared/types';
import { useTranslation } from '@erp/ui';
import { SETUP_CHECK_API, type SetupGap } from '../definitions/setup-check.ts';

interface Answer {
  ResultStatus: number;
  Message: string | null;
  List?: SetupGap[];
}

/** `/novus-gl/gl-integration` → the route's translated title, for the routes the user may open. */
function routeTitles(routes: readonly RouteDefinition[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const route of routes) {
    let title: unknown = null;
    try {
      title = (JSON.parse(route.Meta ?? 'null') as { title?: unknown } | null)?.title ?? null;
    } catch {
      title = null;
    }
    out.set(route.Path.toLowerCase(), typeof title === 'string' && title !== '' ? title : route.Path);
  }
  return out;
}

export function SetupCheck() {
  const { t } = useTranslation('gl');
  const id = useId();
  const [gaps, setGaps] = useState<SetupGap[] | null>(null);
  const [titles, setTitles] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const [answer, routes] = await Promise.all([
        api.get<Answer>(SETUP_CHECK_API.replace(/^\/api\//, ''), undefined, { quiet: true }),
        api.get<RouteDefinition[]>('shell/routes', undefined, { quiet: true }).catch(() => [] as RouteDefinition[]),
      ]);
      setGaps(answer.List ?? []);
      setTitles(routeTitles(routes));
    } catch (caught) {
      setError(caught instanceof ApiError ? (errorDescription(caught.body) ?? caught.message) : String(caught));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="erp-setup-check" aria-labelledby={`${id}-title`} aria-busy={busy} data-f2-navigation style={{ padding: '0.75rem 1rem' }}>
      <h2 id={`${id}-title`}>{t('setup-check.title')}</h2>
      <p>{t('setup-check.intro')}</p>
      <div data-f2-region>
        <button type="button" onClick={() => void load()} disabled={busy}>
          {t('setup-check.refresh')}
        </button>
      </div>
      {error && (
        <p className="erp-form-message erp-form-error" role="alert">
          {error}
        </p>
      )}
      {gaps && gaps.length === 0 && (
        <p className="erp-form-message" role="status" data-setup-check="complete">
          {t('setup-check.none')}
        </p>
      )}
      {gaps && gaps.length > 0 && (
        <>
          <p role="status">{t('setup-check.count', { count: gaps.length })}</p>
          <table aria-labelledby={`${id}-title`} data-f2-region style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                {(['Module', 'UsedBy', 'Item', 'Fix'] as const).map((column) => (
                  <th key={column} scope="col" style={{ textAlign: 'start', padding: '0.25rem 0.5rem', borderBottom: '1px solid currentColor' }}>
                    {t(`setup-check.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {gaps.map((gap, index) => {
                const title = titles.get(gap.Fix.toLowerCase());
                return (
                  <tr key={`${gap.Module}-${gap.Item}-${index}`} data-setup-gap={gap.Item}>
                    <td style={{ padding: '0.25rem 0.5rem' }}>{gap.Module.toUpperCase()}</td>
                    <td style={{ padding: '0.25rem 0.5rem' }}>{gap.UsedBy}</td>
                    <td style={{ padding: '0.25rem 0.5rem' }}>{gap.Item}</td>
                    <td style={{ padding: '0.25rem 0.5rem' }}>{title ? <a href={`#${gap.Fix}`}>{title}</a> : gap.Fix}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
