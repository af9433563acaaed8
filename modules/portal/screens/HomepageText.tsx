/**
 * §1/§7 portal homepage text: GET Configuration/GetConfigurationByControlId?controlId=MOBILE_HOMEPAGE_TEXT
 * → ControlValue, HTML an administrator wrote. It goes through THE sanitizer (@erp/shared sanitize.ts,
 * DOMPurify) and is shown only when non-empty; on error the text is empty (§8).
 */
import { useEffect, useState } from 'react';
import { api } from '@erp/shared';
import { isBlankHtml, sanitizeHtml } from '@erp/shared/sanitize';

/** The configuration entry's control id (modules/shell/definitions/configuration.ts MOBILE_HOMEPAGE_TEXT). */
export const HOMEPAGE_CONTROL_ID = 'MOBILE_HOMEPAGE_TEXT';

/** The homepage text once its call has answered (`settled`; '' when there is none or the call failed). */
export function useHomepageText(): { settled: boolean; html: string } {
  const [text, setText] = useState({ settled: false, html: '' });
  useEffect(() => {
    let live = true;
    api
      .get<{ ControlValue?: unknown }>('Configuration/GetConfigurationByControlId', { controlId: HOMEPAGE_CONTROL_ID }, { quiet: true, background: true })
      .then(
        (answer) => live && setText({ settled: true, html: typeof answer?.ControlValue === 'string' ? answer.ControlValue : '' }),
        () => live && setText({ settled: true, html: '' }),
      );
    return () => {
      live = false;
    };
  }, []);
  return text;
}

export function HomepageText({ html }: { html: string }) {
  if (isBlankHtml(html)) return null;
  // Sanitized by the product's one DOMPurify module just above; never the raw text.
  return <section className="erp-portal__homepage" data-portal="homepage-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
