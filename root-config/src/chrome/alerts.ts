/**
 * Shows `bus.alert$` (§8 catalogue, already localized) in the alerts region under the top bar. Errors stay
 * until dismissed; warnings and information fade after a while. The same message is never stacked twice.
 */
import { bus, translate } from '@erp/shared';

const AUTO_DISMISS_MS = { error: 0, warning: 12_000, info: 8_000 } as const;
const MAX_VISIBLE = 5;

export function renderAlerts(region: HTMLElement): () => void {
  const relabel = () => region.setAttribute('aria-label', translate('apps:root.notifications', 'Notifications'));
  relabel();

  const subscription = bus.alert$.subscribe(({ kind, message }) => {
    const existing = [...region.querySelectorAll<HTMLElement>('.erp-alert')].find(
      (alert) => alert.dataset.message === message,
    );
    if (existing) return;

    const alert = document.createElement('div');
    alert.className = `erp-alert erp-alert--${kind}`;
    alert.dataset.message = message;
    alert.setAttribute('role', kind === 'error' ? 'alert' : 'status');

    const text = document.createElement('p');
    text.className = 'erp-alert__message';
    text.textContent = message;

    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'erp-alert__close';
    close.textContent = '×';
    close.setAttribute('aria-label', translate('apps:root.dismiss', 'Dismiss'));
    close.addEventListener('click', () => alert.remove());

    alert.append(text, close);
    region.append(alert);
    while (region.childElementCount > MAX_VISIBLE) region.firstElementChild?.remove();

    const delay = AUTO_DISMISS_MS[kind];
    if (delay > 0) setTimeout(() => alert.remove(), delay);
  });

  const languageSubscription = bus.language$.subscribe(relabel);
  return () => {
    subscription.unsubscribe();
    languageSubscription.unsubscribe();
  };
}
