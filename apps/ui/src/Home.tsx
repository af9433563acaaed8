/**
 * The HOME page: the applications the user may open, as tiles with their description, the user's recently
 * opened screens, and the tenant information (server, database, release number) with the environment label.
 */
import { useId } from 'react';
import { HOME_APPLICATION, bus, normalizeRouterPath, type Application } from '@erp/shared';
import { RecentScreens } from './ApplicationHome.tsx';
import { useBusValue, useTranslation } from './hooks.ts';
import { ensureStylesheet } from './stylesheet.ts';

ensureStylesheet();

function ApplicationTile({ application }: { application: Application }) {
  const descriptionId = useId();
  return (
    <li className="erp-ui-tiles__item">
      <a
        className="erp-ui-tile"
        href={`#${normalizeRouterPath(application.RouterPath)}`}
        aria-describedby={descriptionId}
        data-application={application.Application}
      >
        <span className="erp-ui-tile__title">{application.Description || application.Application}</span>
        <span id={descriptionId} className="erp-ui-tile__subtitle">
          {application.Application}
        </span>
      </a>
    </li>
  );
}

function TenantInfo() {
  const { t } = useTranslation();
  const tenant = useBusValue(bus.tenant$);
  const session = useBusValue(bus.session$);
  const headingId = useId();
  const environment = session?.profile.environmentLabel;
  if (!tenant && !environment) return null;
  return (
    <section className="erp-ui-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="erp-ui-section__heading">
        {t('home.tenant')}
      </h2>
      <dl className="erp-ui-facts">
        {environment && (
          <div className="erp-ui-facts__row">
            <dt>{t('home.environment')}</dt>
            <dd>{environment}</dd>
          </div>
        )}
        {tenant && (
          <>
            <div className="erp-ui-facts__row">
              <dt>{t('home.server')}</dt>
              <dd>{tenant.server}</dd>
            </div>
            <div className="erp-ui-facts__row">
              <dt>{t('home.database')}</dt>
              <dd>{tenant.database}</dd>
            </div>
            <div className="erp-ui-facts__row">
              <dt>{t('home.release')}</dt>
              <dd>{tenant.releaseNumber}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}

/** The shell's home page (route '/'). */
export function Home() {
  const { t } = useTranslation();
  const session = useBusValue(bus.session$);
  const applications = useBusValue(bus.applications$).filter((app) => app.Application !== HOME_APPLICATION);
  const headingId = useId();
  const name = session?.profile.shellSub.displayName;

  let tiles;
  if (!session) tiles = <p className="erp-ui-note">{t('home.signedOut')}</p>;
  else if (applications.length === 0) tiles = <p className="erp-ui-note">{t('home.noApplications')}</p>;
  else
    tiles = (
      <ul className="erp-ui-tiles">
        {applications.map((application) => (
          <ApplicationTile key={application.Application} application={application} />
        ))}
      </ul>
    );

  return (
    <div className="erp-ui-page">
      <h1 className="erp-ui-page__title">{name ? t('home.welcome', { name }) : t('home.title')}</h1>
      <section className="erp-ui-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="erp-ui-section__heading">
          {t('home.applications')}
        </h2>
        {tiles}
      </section>
      {session && <RecentScreens />}
      <TenantInfo />
    </div>
  );
}
