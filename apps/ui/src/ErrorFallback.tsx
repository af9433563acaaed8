/** What a micro-app shows when its React tree throws (single-spa-react's errorBoundary). */
import { useTranslation } from './hooks.ts';
import { ensureStylesheet } from './stylesheet.ts';

ensureStylesheet();

export function ErrorFallback({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : null;
  return (
    <div className="erp-ui-page erp-ui-error" role="alert">
      <h1 className="erp-ui-page__title">{t('error.title')}</h1>
      <p>{t('error.message')}</p>
      {detail && <pre className="erp-ui-error__detail">{detail}</pre>}
      <button type="button" className="erp-ui-button" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}
