/**
 * Binds an element to the page's one i18next instance (`i18n` from `@erp/shared`): the host re-renders
 * when the language changes or translations arrive. Every visible string of the shell elements comes from
 * the `shell` namespace (`locales/<lng>/shell.json`).
 *
 * The elements never load translations themselves (they are pure views): the page initialises i18n with
 * the `shell` namespace (`initI18n()` does by default). Until then `t()` returns the key.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { i18n } from '@erp/shared';

/** The i18next namespace of the shell chrome. */
export const SHELL_NAMESPACE = 'shell';

/** Translates a key of the `shell` namespace in the current language. */
export function t(key: string, values?: Record<string, unknown>): string {
  return i18n.t(key, { ...values, ns: SHELL_NAMESPACE }) as string;
}

/** i18next events after which a rendered text may read differently. */
const EVENTS = ['initialized', 'languageChanged', 'loaded'] as const;

export class I18nController implements ReactiveController {
  private readonly host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.host = host;
    host.addController(this);
  }

  /** The current locale id, e.g. `fr-CA` (empty before i18n is initialised). */
  get language(): string {
    return i18n.language ?? '';
  }

  /** Same as the module's `t()`; handy in templates: `this.i18n.t('tabs.home')`. */
  t(key: string, values?: Record<string, unknown>): string {
    return t(key, values);
  }

  hostConnected(): void {
    for (const event of EVENTS) i18n.on(event, this.handleChange);
    i18n.store?.on('added', this.handleChange);
  }

  hostDisconnected(): void {
    for (const event of EVENTS) i18n.off(event, this.handleChange);
    i18n.store?.off('added', this.handleChange);
  }

  private readonly handleChange = (): void => {
    this.host.requestUpdate();
  };
}
