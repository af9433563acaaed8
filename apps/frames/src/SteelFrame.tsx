/**
 * `@erp/frames#SteelFrame` — the embedded steel order-entry system at /resteel-oe/resteel (§2, §6, §7).
 *
 * The iframe exists only while `steelAccess` (steel.ts) allows it: the tab's path is the configured steel
 * path, the session is live and not expired, and the profile domain is the steel company's. Every change
 * of `bus.session$` is followed: an expired session or a sign-out removes the frame at once and shows why;
 * another user gets a fresh frame (the iframe is keyed by page URL and subject id). Token renewals keep
 * the same frame (same key), so nothing reloads while the tab stays open. Mounted on another route (Order
 * Entry's ReSteel Orders, /novus-oe/resteel) it is no dead end: a button opens the steel path as a tab for a
 * user who may open it (`steelElsewhere`), and anyone else is told plainly why not.
 *
 * The message contract (VerifyReSteelSndUser out, ReSteelAck back, exact origin both ways) is documented
 * in steel.ts. The screen root carries `data-link` (loading | sent | connected | mismatch) and
 * `data-accepted` (messages accepted from the frame), so a hostile message's lack of effect is visible.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { bus, partnerFrameOf, translate } from '@erp/shared';
import { useBusValue, useScreen, useTranslation, type Translate } from '@erp/ui';
import { useShellConfig } from '@erp/ui';
import { Notice, configNotice } from './Notice.tsx';
import {
  afterAck,
  isFromSteelFrame,
  parseAck,
  steelAccess,
  steelElsewhere,
  STEEL_FRAME_COMPONENT,
  verifyMessage,
  type LinkState,
  type SteelElsewhere,
  type ShellSub,
} from './steel.ts';
import { ensureStylesheet } from './stylesheet.ts';

ensureStylesheet();

/**
 * What the steel page may do inside its frame: run its scripts, keep its own (cross-origin) storage,
 * submit forms, open pop-ups and download documents. It may not navigate the shell page (no
 * allow-top-navigation).
 */
export const STEEL_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-modals';

const SCREEN = 'steel-frame';

export function SteelFrameScreen() {
  const { t } = useTranslation('frames');
  const { path } = useScreen();
  const config = useShellConfig();
  const session = useBusValue(bus.session$);
  const applications = useBusValue(bus.applications$);
  const title = t('steel.title');

  const notice = configNotice(config, SCREEN, title, t);
  if (notice || config.status !== 'ready') return notice;
  // Its partner's page, origin and company domain: the configuration's entry for this screen (§2).
  const steel = partnerFrameOf(config.config, STEEL_FRAME_COMPONENT);
  const access = steelAccess(steel, session, path);
  if (access.kind === 'allowed') {
    return (
      <SteelConversation
        key={`${access.frameUrl}|${access.shellSub.subjectId}`}
        frameUrl={access.frameUrl}
        origin={access.origin}
        shellSub={access.shellSub}
      />
    );
  }
  if (access.kind !== 'wrong-path') return refusal(access.kind, title, t);
  // Mounted on another route (Order Entry's ReSteel Orders, /novus-oe/resteel): no dead end (issue 39 item 4) — the
  // way to the steel screen for a user who may open it, a tab through the shell's navigate$ channel as any route
  // opens; otherwise plainly why not.
  const where = steelElsewhere(steel, session, applications);
  if (where.kind !== 'elsewhere') return refusal(where.kind, title, t);
  return (
    <Notice
      screen={SCREEN}
      reason="elsewhere"
      title={title}
      role="status"
      actions={
        <button type="button" className="erp-ui-button" onClick={() => bus.navigate$.next(where.path)}>
          {t('steel.open')}
        </button>
      }
    >
      {t('steel.wrongPath', { path: where.path })}
    </Notice>
  );
}

type Refusal = Exclude<SteelElsewhere['kind'], 'elsewhere'>;

const REFUSAL_KEYS: Record<Exclude<Refusal, 'expired'>, string> = {
  'signed-out': 'steel.signedOut',
  'other-domain': 'steel.otherDomain',
  'no-application': 'steel.noApplication',
  misconfigured: 'steel.misconfigured',
};

/** Why there is no frame: problems the user must act on (an expired session, a broken configuration) as alerts. */
function refusal(kind: Refusal, title: string, t: Translate) {
  const alert = kind === 'expired' || kind === 'misconfigured';
  return (
    <Notice screen={SCREEN} reason={kind} title={title} role={alert ? 'alert' : 'status'}>
      {kind === 'expired' ? translate('errors:session.expired', 'Your session has expired. Please log out and log in again.') : t(REFUSAL_KEYS[kind])}
    </Notice>
  );
}

interface ConversationProps {
  frameUrl: string;
  origin: string;
  shellSub: ShellSub;
}

function SteelConversation({ frameUrl, origin, shellSub }: ConversationProps) {
  const { t } = useTranslation('frames');
  const headingId = useId();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [link, setLink] = useState<LinkState>('loading');
  const [accepted, setAccepted] = useState(0);
  // The latest shellSub (its display name may change with a renewed profile) without re-keying the frame.
  const latestSub = useRef(shellSub);
  useEffect(() => {
    latestSub.current = shellSub;
  });
  const { subjectId } = shellSub;

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (!isFromSteelFrame(event, origin, frameRef.current?.contentWindow)) return;
      setAccepted((count) => count + 1);
      const ack = parseAck(event.data);
      if (ack) setLink((state) => afterAck(state, ack, subjectId));
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, subjectId]);

  function onLoad() {
    const target = frameRef.current?.contentWindow;
    if (!target) return;
    // The exact steel origin: if the frame is showing another site now, the browser drops the message.
    target.postMessage(verifyMessage(latestSub.current), origin);
    setLink('sent');
  }

  const statusText =
    link === 'connected'
      ? t('steel.connected', { name: shellSub.displayName })
      : link === 'mismatch'
        ? t('steel.mismatch')
        : link === 'sent'
          ? t('steel.sent')
          : t('steel.loading');

  return (
    <section
      className="erp-frames-screen"
      data-screen={SCREEN}
      data-link={link}
      data-accepted={accepted}
      aria-labelledby={headingId}
    >
      <div className="erp-frames-bar">
        <h1 id={headingId} className="erp-frames-bar__title">
          {t('steel.title')}
        </h1>
        <p className="erp-frames-status" data-state={link} role="status">
          {statusText}
        </p>
      </div>
      <iframe
        ref={frameRef}
        className="erp-frames-frame"
        title={t('steel.frameTitle')}
        src={frameUrl}
        sandbox={STEEL_SANDBOX}
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={onLoad}
      />
    </section>
  );
}
