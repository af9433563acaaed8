/**
 * Notifications (§2 /portal/notifications): the selected bill-to's notifications, newest first; mark one
 * read, mark all read. Each change reloads the badges at once (`bus.badgesReload$`, in portal-api.ts).
 */
import { useState } from 'react';
import { RequireAccount, StatusMessage, displayDate, failureText, useLoad, usePortalText } from './common.tsx';
import { listNotifications, markAllRead, markRead } from './portal-api.ts';

export function NotificationsScreen() {
  const t = usePortalText();
  return (
    <div className="erp-portal" data-portal-screen="notifications">
      <h1 className="erp-portal__title">{t('notifications.title')}</h1>
      <RequireAccount>{(billToId) => <NotificationList key={billToId} billToId={billToId} />}</RequireAccount>
    </div>
  );
}

function NotificationList({ billToId }: { billToId: string }) {
  const t = usePortalText();
  const [page, setPage] = useState(1);
  const [error, setError] = useState<unknown>(null);
  const result = useLoad(() => listNotifications(billToId, page), [billToId, page]);
  const list = result.data?.List ?? [];
  const pages = result.data ? Math.max(1, Math.ceil(result.data.TotalCount / 50)) : 1;

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      result.reload();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <>
      <p>
        <button type="button" disabled={!list.some((n) => !n.IsRead)} onClick={() => void run(() => markAllRead(billToId))}>
          {t('notifications.markAll')}
        </button>
      </p>
      {error || result.error ? <StatusMessage kind="error">{failureText(t, error ?? result.error)}</StatusMessage> : null}
      {result.data && list.length === 0 ? <p className="erp-portal__empty">{t('notifications.none')}</p> : null}
      <ul className="erp-portal__notifications" data-portal="notifications">
        {list.map((note) => (
          <li key={note.NotificationKey} className={note.IsRead ? 'erp-portal__note' : 'erp-portal__note erp-portal__note--unread'} data-read={String(note.IsRead)}>
            <h2 className="erp-portal__note-title">
              {note.Title}
              {note.IsRead ? null : <span className="erp-portal__tag">{t('notifications.unread')}</span>}
            </h2>
            <p>{note.Body}</p>
            <p className="erp-portal__hint">{displayDate(note.CreatedOn, true)}</p>
            {note.IsRead ? null : (
              <button type="button" aria-label={t('notifications.markOne', { title: note.Title })} onClick={() => void run(() => markRead(billToId, [note.NotificationKey]))}>
                {t('notifications.mark')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="erp-portal__row" aria-label={t('paging.label')}>
          <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('paging.previous')}
          </button>
          <span>{t('paging.page', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('paging.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
