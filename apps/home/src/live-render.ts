/**
 * Renders a lit-html page into a container and keeps it in step with the shell: a change of any of the bus
 * channels given, of the language or of loaded translations renders it again — the changes of one task once.
 * Answers `{ redraw, stop }`: `redraw()` asks for a render after the page's own state changed, `stop()` ends
 * the subscriptions and empties the container. Shared by HOME and the application page (no React in either).
 */
import { nothing, render, type TemplateResult } from 'lit';
import { bus, i18n } from '@erp/shared';

interface Channel {
  subscribe(next: () => void): { unsubscribe(): void };
}

export interface LiveRender {
  redraw(): void;
  stop(): void;
}

export function liveRender(container: HTMLElement, template: () => TemplateResult, channels: readonly Channel[]): LiveRender {
  let scheduled = false;
  const draw = () => {
    scheduled = false;
    render(template(), container);
  };
  const redraw = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(draw);
  };
  // The channels' current values arrive on subscription: the one draw below covers them.
  scheduled = true;
  const subscriptions = [...channels, bus.language$ as Channel].map((channel) => channel.subscribe(redraw));
  i18n.on('loaded', redraw);
  draw();
  return {
    redraw,
    stop() {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      i18n.off('loaded', redraw);
      render(nothing, container);
    },
  };
}
