/**
 * Unobtrusive banners under the top bar (`<erp-banner>`):
 * - the API cannot be reached (`bus.apiReachable$` false); it goes away by itself when the API answers
 *   again (reachability.ts probes meanwhile) — no reload;
 * - §8 "Your session has expired. Please log out and log in again." while the session is expired.
 * Messages follow the language.
 */
import { bus, translate } from '@erp/shared';
import { createElement, type BannerElement } from './elements.ts';
import { watchReachability } from './reachability.ts';

export function mountBanners(region: HTMLElement): () => void {
  const unreachable = createElement<BannerElement>('erp-banner');
  unreachable.dataset['banner'] = 'api-unreachable';
  unreachable.kind = 'warning';
  unreachable.open = false;
  const expired = createElement<BannerElement>('erp-banner');
  expired.dataset['banner'] = 'session-expired';
  expired.kind = 'warning';
  expired.open = false;
  region.append(unreachable, expired);

  const relabel = () => {
    unreachable.message = translate(
      'errors:network.unreachable',
      'The server cannot be reached. Your open screens are kept; the shell reconnects by itself.',
    );
    expired.message = translate('errors:session.expired', 'Your session has expired. Please log out and log in again.');
  };
  const subscriptions = [
    bus.language$.subscribe(relabel),
    // Closed banners stay in the page, empty (their live regions must exist before a message arrives).
    bus.apiReachable$.subscribe((reachable) => (unreachable.open = !reachable)),
    bus.session$.subscribe((session) => (expired.open = session?.expired === true)),
  ];
  const stopWatching = watchReachability();
  return () => {
    stopWatching();
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    unreachable.remove();
    expired.remove();
  };
}
