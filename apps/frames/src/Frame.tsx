/**
 * `@erp/frames#Frame` — a page of the newer-version front end (§1 "one frame per registered path"). Each
 * route whose Component is this export gets its own parcel, hence its own iframe, loaded once from the
 * route's Props `src`; the shell's tab host keeps the parcel mounted (hidden) while the tab stays open, so
 * the page inside keeps its state across tab switches. The frame's accessible title is the route Meta's
 * title.
 *
 * `src` must be an absolute http(s) URL on one of the configured `ShellConfig.frames` origins; otherwise
 * the screen says why and loads nothing (the Content-Security-Policy's frame-src would block it anyway).
 */
import { useScreen, useTranslation } from '@erp/ui';
import { useShellConfig } from '@erp/ui';
import { allowedFrameOrigins, frameSource, frameTitle } from './frame-source.ts';
import { Notice, configNotice } from './Notice.tsx';
import { ensureStylesheet } from './stylesheet.ts';

ensureStylesheet();

/** The newer-version front end is the suite's own: scripts, storage, forms, pop-ups, downloads; never top navigation. */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-modals';

const SCREEN = 'frame';

export function FrameScreen() {
  const { t } = useTranslation('frames');
  const { routeProps, meta } = useScreen();
  const config = useShellConfig();
  const title = frameTitle(meta) ?? t('frame.untitled');

  const notice = configNotice(config, SCREEN, title, t);
  if (notice || config.status !== 'ready') return notice;
  const source = frameSource(routeProps, allowedFrameOrigins(config.config));
  switch (source.kind) {
    case 'missing':
      return (
        <Notice screen={SCREEN} reason="missing" title={title} role="alert">
          {t('frame.missing')}
        </Notice>
      );
    case 'invalid':
      return (
        <Notice screen={SCREEN} reason="invalid" title={title} role="alert">
          {t('frame.invalid', { src: source.src })}
        </Notice>
      );
    case 'not-allowed':
      return (
        <Notice screen={SCREEN} reason="not-allowed" title={title} role="alert">
          {t('frame.notAllowed', { origin: source.origin })}
        </Notice>
      );
    case 'ok':
      return (
        <section className="erp-frames-screen" data-screen={SCREEN} data-src={source.src} aria-label={title}>
          <iframe
            key={source.src}
            className="erp-frames-frame"
            title={title}
            src={source.src}
            sandbox={FRAME_SANDBOX}
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </section>
      );
  }
}
