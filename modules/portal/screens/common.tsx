/**
 * Pieces every portal screen uses: the selected account (bus.portal$), money and date display in the
 * shell's language, the failure message of a call, and the notice shown while no account is selected.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, bus, formatCalendarDate, formatDateTime, formatMoney, holdReason$, recordEvents } from '@erp/shared';
import { useBusValue, useTranslation, type Translate } from '@erp/ui';

export const NAMESPACE = 'portal';

export function usePortalText(): Translate {
  return useTranslation(NAMESPACE).t;
}

export function usePortalState() {
  return useBusValue(bus.portal$);
}

export function useHoldReason(): string | null {
  return useBusValue(holdReason$);
}

/** An amount in CAD, in the shell's language like every screen (issue 16: fr-CA `250 000,00 $`). */
export function money(value: number | string): string {
  return formatMoney(value, 'CAD');
}

/** A date-only (YYYY-MM-DD) or timestamp text in the shell's language (one date format per language). */
export function displayDate(value: string | null | undefined, withTime = false): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return withTime ? formatDateTime(`${value}T00:00:00`) : formatCalendarDate(value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return withTime ? formatDateTime(date) : formatCalendarDate(date);
}

/** Today in the browser's time zone as YYYY-MM-DD (the earliest delivery date). */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** True for the AbortError of a cart request cancelled by an account switch (nothing to show). */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The text to show for a failed call: a known code in the user's language, else the server's Message. */
export function failureText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    const body = (error.body ?? {}) as { ResultCode?: unknown; Message?: unknown };
    const code = typeof body.ResultCode === 'string' ? body.ResultCode : '';
    const known: Record<string, string> = {
      on_hold: 'messages.onHold',
      account_changed: 'messages.accountChanged',
      idempotency_conflict: 'messages.idempotencyConflict',
      not_found: 'messages.notFound',
      delivery_date_past: 'messages.deliveryDatePast',
    };
    if (known[code]) return t(known[code]!);
    if (error.status === 0) return t('messages.unreachable');
    if (typeof body.Message === 'string' && body.Message) return body.Message;
    return error.userMessage ?? t('messages.failed');
  }
  return t('messages.failed');
}

/** A status line for results and failures (a polite live region; errors are announced assertively). */
export function StatusMessage({ kind, children }: { kind: 'error' | 'info' | 'success'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`erp-portal__message erp-portal__message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** Renders children only once an account is selected; else explains why there is nothing. */
export function RequireAccount({ children }: { children: (billToId: string, shipToId: string | null) => ReactNode }) {
  const t = usePortalText();
  const state = usePortalState();
  if (!state.selectedBillToId) {
    return <p className="erp-portal__empty">{t('account.none')}</p>;
  }
  return <>{children(state.selectedBillToId, state.selectedShipToId)}</>;
}

/** A value that is reloaded whenever one of `deps` changes; `reload()` fetches again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | null; error: unknown; loading: boolean; reload(): void } {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && !isAbort(error) && setState({ data: null, error, loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version]);
  return { ...state, reload: () => setVersion((v) => v + 1) };
}

/**
 * Issue 42: a number that grows with each change of the caller's own portal records of `entity` (`PortalOrder`;
 * with `id`, that record only) — the server sends a portal user only their accounts' records. In a `useLoad`'s
 * deps it reloads the screen's data in place (an order's status set by the office shows at once).
 */
export function useLiveVersion(entity: string, id?: string): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const subscription = recordEvents(entity).subscribe(({ events, reset }) => {
      if (reset || id === undefined || events.some((event) => event.Id === id || event.Id === null)) setVersion((v) => v + 1);
    });
    return () => subscription.unsubscribe();
  }, [entity, id]);
  return version;
}

/** Previous / next paging of a portal list (shown only when there is more than one page). */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = usePortalText();
  if (pages <= 1) return null;
  return (
    <nav className="erp-portal__row" aria-label={t('paging.label')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('paging.previous')}
      </button>
      <span>{t('paging.page', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('paging.next')}
      </button>
    </nav>
  );
}
