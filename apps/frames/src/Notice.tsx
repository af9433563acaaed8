/** What a frame screen shows instead of its frame: a heading, one honest sentence and, where there is one, the way on. */
import type { ReactElement, ReactNode } from 'react';
import type { ShellConfigState, Translate } from '@erp/ui';

export interface NoticeProps {
  /** Names the screen for `data-screen` (tests and styles). */
  screen: string;
  /** Why there is no frame, for `data-reason`. */
  reason: string;
  title: string;
  /** `alert` for problems the user must act on (expired session, broken configuration). */
  role: 'status' | 'alert';
  children: ReactNode;
  /** What the user can do instead (the way to where the screen does open), after the sentence. */
  actions?: ReactNode;
}

export function Notice({ screen, reason, title, role, children, actions }: NoticeProps) {
  return (
    <section className="erp-ui-page erp-frames-notice" data-screen={screen} data-reason={reason}>
      <h1 className="erp-ui-page__title">{title}</h1>
      <p role={role} className={role === 'alert' ? 'erp-frames-notice__problem' : 'erp-ui-note'}>
        {children}
      </p>
      {actions ? <div className="erp-frames-notice__actions">{actions}</div> : null}
    </section>
  );
}

/**
 * The notice a frame screen shows while the shell configuration is loading or after it failed to load;
 * null once it is ready (both frames need its origins before they can show anything).
 */
export function configNotice(config: ShellConfigState, screen: string, title: string, t: Translate): ReactElement | null {
  if (config.status === 'loading') {
    return (
      <Notice screen={screen} reason="loading" title={title} role="status">
        {t('common.loading')}
      </Notice>
    );
  }
  if (config.status === 'failed') {
    return (
      <Notice screen={screen} reason="config-failed" title={title} role="alert">
        {t('common.configFailed')}
      </Notice>
    );
  }
  return null;
}
