/**
 * What a tab shows when it has no screen to mount (plain DOM, localized, re-rendered on language change):
 * - `unavailable` — the route's module is not in the import map, or the module does not export the screen:
 *   "This screen is not available in this release." (most menus have no screen yet; never pretend);
 * - `failed` — the module or the screen failed to load or mount (network, error): a message and Try again.
 */
import { bus, translate } from '@erp/shared';

export type StatusKind = 'unavailable' | 'failed';

export class StatusView {
  private readonly element: HTMLElement;
  private readonly subscription: { unsubscribe(): void };

  constructor(
    container: HTMLElement,
    private readonly kind: StatusKind,
    private readonly label: string,
    private readonly retry?: () => void,
  ) {
    this.element = document.createElement('section');
    this.element.className = `erp-screen-status erp-screen-status--${kind}`;
    this.element.setAttribute('role', kind === 'failed' ? 'alert' : 'status');
    container.append(this.element);
    // language$ replays the current language: this renders now and after every change.
    this.subscription = bus.language$.subscribe(() => this.render());
  }

  private render(): void {
    const heading = document.createElement('h1');
    heading.className = 'erp-screen-status__title';
    heading.textContent = this.label;

    const message = document.createElement('p');
    message.className = 'erp-screen-status__message';
    message.textContent =
      this.kind === 'unavailable'
        ? translate('apps:workspace.unavailable', 'This screen is not available in this release.')
        : translate('apps:workspace.failed', 'This screen could not be loaded.');

    // Issue 16 item 4: no internal identifier (module, export) is shown to the user.
    const parts: HTMLElement[] = [heading, message];
    if (this.kind === 'failed' && this.retry) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'erp-screen-status__retry';
      button.textContent = translate('apps:workspace.retry', 'Try again');
      const retry = this.retry;
      button.addEventListener('click', () => retry());
      parts.push(button);
    }
    this.element.replaceChildren(...parts);
  }

  dispose(): void {
    this.subscription.unsubscribe();
    this.element.remove();
  }
}
