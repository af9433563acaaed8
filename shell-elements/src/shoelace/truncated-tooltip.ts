/**
 * Full titles of truncated tabs (issue 16 item 6): a tab whose label is cut by an ellipsis shows its whole
 * text in a Shoelace tooltip when hovered or focused; a tab that fits shows none.
 *
 * Use: wrap a tab's label with `tooltips.wrap(key, label, labelTemplate)` and call `tooltips.check(key,
 * tabElement, event)` on the tab's `pointerenter` and `focus`, `tooltips.leave(tabElement)` on `pointerleave`,
 * `tooltips.hide(key)` on `blur`. The first check of a
 * truncated tab loads `<sl-tooltip>` (nothing at boot) and enables that tab's tooltip; it opens at once when
 * the pointer or the focus is still on the tab. The tab's accessible name is its whole label anyway
 * (truncation is visual only), so the tooltip is `aria-hidden` content for sighted users.
 *
 * Host styles must give `sl-tooltip` `display: contents` (as Shoelace does once defined), so the wrapper does
 * not change the tab's layout before the element is defined.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { loadShoelace } from './shoelace.ts';

type Host = ReactiveControllerHost & HTMLElement;

interface TooltipElement extends HTMLElement {
  show(): Promise<void>;
  hide(): Promise<void>;
}

export class TruncatedTooltips implements ReactiveController {
  /** Keys of the tabs whose label was truncated when last checked. */
  readonly truncated = new Set<string>();

  /** The tab the pointer is over (`:hover` is not reliable right after an element upgrades). */
  private pointed: HTMLElement | null = null;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** The label inside its tooltip (disabled unless the label was found truncated). */
  wrap(key: string, label: string, content: TemplateResult): TemplateResult {
    return html`<sl-tooltip
      data-tooltip-for=${key}
      content=${label}
      placement="bottom"
      hoist
      ?disabled=${!this.truncated.has(key)}
      >${content}</sl-tooltip
    >`;
  }

  /** Measures the tab's `.label`; when it is cut, enables (and, if still pointed at or focused, opens) its tooltip. */
  check(key: string, tab: HTMLElement, event?: Event): void {
    if (event?.type === 'pointerenter') this.pointed = tab;
    const label = tab.querySelector<HTMLElement>('.label');
    if (!label) return;
    const cut = label.scrollWidth > label.clientWidth + 1;
    if (cut === this.truncated.has(key)) {
      if (cut) void this.open(key, tab);
      return;
    }
    if (cut) this.truncated.add(key);
    else this.truncated.delete(key);
    this.host.requestUpdate();
    if (cut) void this.open(key, tab);
  }

  /** The pointer left a tab. */
  leave(tab: HTMLElement): void {
    if (this.pointed === tab) this.pointed = null;
  }

  /** Closes the tab's tooltip (focus left the tab). */
  hide(key: string): void {
    void this.tooltip(key)?.hide?.();
  }

  private async open(key: string, tab: HTMLElement): Promise<void> {
    await loadShoelace('tooltip');
    await this.host.updateComplete;
    const root = this.host.shadowRoot;
    const stillThere = this.pointed === tab || root?.activeElement === tab;
    const tooltip = this.tooltip(key);
    // Opened before its first render, sl-tooltip would not show its popup.
    await (tooltip as (TooltipElement & { updateComplete?: Promise<boolean> }) | null)?.updateComplete;
    if (stillThere && this.truncated.has(key)) await tooltip?.show();
  }

  private tooltip(key: string): TooltipElement | null {
    return (
      [...(this.host.shadowRoot?.querySelectorAll<TooltipElement>('sl-tooltip[data-tooltip-for]') ?? [])].find(
        (element) => element.dataset['tooltipFor'] === key,
      ) ?? null
    );
  }
}
