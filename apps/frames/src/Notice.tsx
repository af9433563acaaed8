/** What a frame screen shows instead of its frame: a heading and one honest sentence. */
import type { ReactNode } from 'react';

export interface NoticeProps {
  /** Names the screen for `data-screen` (tests and styles). */
  screen: string;
  /** Why there is no frame, for `data-reason`. */
  reason: string;
  title: string;
  /** `alert` for problems the user must act on (expired session, broken configuration). */
  role: 'status' | 'alert';
  children: ReactNode;
}

export function Notice({ screen, reason, title, role, children }: NoticeProps) {
  return (
    <section className="erp-ui-page erp-frames-notice" data-screen={screen} data-reason={reason}>
      <h1 className="erp-ui-page__title">{title}</h1>
      <p role={role} className={role === 'alert' ? 'erp-frames-notice__problem' : 'erp-ui-note'}>
        {children}
      </p>
    </section>
  );
}
