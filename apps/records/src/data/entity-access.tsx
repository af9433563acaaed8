/**
 * `useEntityAccess(entity)`: the caller's access to an entity for a screen's pane (GET /api/entities/:entity:
 * CanWrite, Hidden, ReadOnly, saved columns), shared by the entity and document screens.
 *
 * Answers `{ access, notice }`: `access` once loaded, else null with `notice` the element the pane shows
 * instead — a busy placeholder while loading, or an alert: the §8 permissions message on a refusal (403),
 * the screen's load-failure message on any other error. The request is aborted on unmount or when the
 * entity changes; an answer is only used for the entity it was asked for. `firstPage`: the list's first request
 * as the pane expects it, asked at the same time (issue 40 item 10: not one round trip after the other).
 */
import { useEffect, useState, type ReactElement } from 'react';
import { ApiError, translate } from '@erp/shared';
import { useTranslation } from '@erp/ui';
import { loadAccess, prefetchPage, type EntityAccess } from './api.ts';

export type EntityAccessState = { access: EntityAccess; notice: null } | { access: null; notice: ReactElement };

type Answer = { entity: string; access: EntityAccess } | { entity: string; refused: string };

export function useEntityAccess(entity: string, firstPage?: Record<string, string | number>): EntityAccessState {
  const { t } = useTranslation('records');
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    if (firstPage) prefetchPage(entity, firstPage);
    loadAccess(entity, abort.signal).then(
      (access) => setAnswer({ entity, access }),
      (error: unknown) => {
        if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
        const refused =
          error instanceof ApiError && error.status === 403
            ? translate('errors:http.forbidden', 'You do not have sufficient permissions.')
            : t('screen.loadFailed');
        setAnswer({ entity, refused });
      },
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t is read when a load fails; a language change does not reload
  }, [entity]);

  const current = answer?.entity === entity ? answer : null;
  if (current && 'access' in current) return { access: current.access, notice: null };
  if (current) {
    return {
      access: null,
      notice: (
        <p className="records-notice records-notice--error" role="alert">
          {current.refused}
        </p>
      ),
    };
  }
  return { access: null, notice: <p className="records-loading" aria-busy="true" /> };
}
