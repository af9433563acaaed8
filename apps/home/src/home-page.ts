/**
 * The HOME page (route `/`): the applications the user may open, as tiles with their description, the
 * user's recently opened screens, and the tenant information (server, database, release number) with the
 * environment label. Written with lit-html into the light DOM (the classes of @erp/ui's ui.css, which the
 * shell page links) rather than React: HOME is the page every boot shows, and React is not needed to show
 * it — the shell becomes usable before React is even downloaded.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { liveRender } from './live-render.ts';
import {
  HOME_APPLICATION,
  bus,
  formatDateTime,
  normalizeRouterPath,
  translate,
  type Application,
  type RecentScreen,
  type TenantInfo,
} from '@erp/shared';

/** How many recently opened screens HOME lists. */
const RECENT_LIMIT = 8;

const t = (key: string, fallback: string, values?: Record<string, unknown>) => translate(`apps:${key}`, fallback, values);

/** Ids unique to one mounted page (aria-labelledby / aria-describedby). */
let pages = 0;

export interface HomeState {
  signedIn: boolean;
  userName: string | null;
  environmentLabel: string | null;
  applications: readonly Application[];
  recent: readonly RecentScreen[];
  tenant: TenantInfo | null;
}

function tiles(state: HomeState, id: string): TemplateResult {
  const applications = state.applications.filter((app) => app.Application !== HOME_APPLICATION);
  if (!state.signedIn) return html`<p class="erp-ui-note">${t('home.signedOut', 'Log in to see your applications.')}</p>`;
  if (applications.length === 0) {
    return html`<p class="erp-ui-note">${t('home.noApplications', 'No applications are available to you.')}</p>`;
  }
  return html`<ul class="erp-ui-tiles">
    ${applications.map(
      (application, index) => html`<li class="erp-ui-tiles__item">
        <a
          class="erp-ui-tile"
          href=${`#${normalizeRouterPath(application.RouterPath)}`}
          aria-describedby=${`${id}-app-${index}`}
          data-application=${application.Application}
        >
          <span class="erp-ui-tile__title">${application.Description || application.Application}</span>
          <span id=${`${id}-app-${index}`} class="erp-ui-tile__subtitle">${application.Application}</span>
        </a>
      </li>`,
    )}
  </ul>`;
}

/**
 * The user's recently opened screens, newest first: every application's (HOME, each named with its application)
 * or, given `application`, that application's only (its application page).
 */
export function recentSection(
  recent: readonly RecentScreen[],
  applications: readonly Application[],
  headingId: string,
  application?: string,
): TemplateResult {
  const list = recent
    .filter((entry) => !application || entry.application.toUpperCase() === application.toUpperCase())
    .slice(0, RECENT_LIMIT);
  return html`<section class="erp-ui-section erp-ui-recent" aria-labelledby=${headingId}>
    <h2 id=${headingId} class="erp-ui-section__heading">${t('recent.title', 'Recently opened')}</h2>
    ${list.length === 0
      ? html`<p class="erp-ui-note">${t('recent.empty', 'The screens you open appear here.')}</p>`
      : html`<ul class="erp-ui-recent__list">
          ${list.map((entry) => {
            const owner = application ? undefined : applications.find((app) => app.Application === entry.application);
            const opened = new Date(entry.openedAt);
            return html`<li class="erp-ui-recent__item">
              <a class="erp-ui-launchpad__link" href=${`#${entry.path}`}>
                <span class="erp-ui-launchpad__name">${entry.label}</span>
                <span class="erp-ui-launchpad__path"
                  >${owner ? `${owner.Description} · ` : ''}${Number.isNaN(opened.getTime())
                    ? nothing
                    : html`<time datetime=${entry.openedAt}>${formatDateTime(opened)}</time>`}</span
                >
              </a>
            </li>`;
          })}
        </ul>`}
  </section>`;
}

function tenantInfo(state: HomeState, id: string): TemplateResult | typeof nothing {
  const { tenant, environmentLabel } = state;
  if (!tenant && !environmentLabel) return nothing;
  const row = (label: string, value: string) =>
    html`<div class="erp-ui-facts__row">
      <dt>${label}</dt>
      <dd>${value}</dd>
    </div>`;
  return html`<section class="erp-ui-section" aria-labelledby=${`${id}-tenant`}>
    <h2 id=${`${id}-tenant`} class="erp-ui-section__heading">${t('home.tenant', 'System information')}</h2>
    <dl class="erp-ui-facts">
      ${environmentLabel ? row(t('home.environment', 'Environment'), environmentLabel) : nothing}
      ${tenant
        ? html`${row(t('home.server', 'Server'), tenant.server)}${row(t('home.database', 'Database'), tenant.database)}${row(
            t('home.release', 'Release'),
            tenant.releaseNumber,
          )}`
        : nothing}
    </dl>
  </section>`;
}

/** The page for one state (pure: the same state renders the same DOM). */
export function homeTemplate(state: HomeState, id: string): TemplateResult {
  const title = state.userName ? t('home.welcome', 'Welcome, {{name}}', { name: state.userName }) : t('home.title', 'Home');
  return html`<div class="erp-ui-page">
    <h1 class="erp-ui-page__title">${title}</h1>
    <section class="erp-ui-section" aria-labelledby=${`${id}-apps`}>
      <h2 id=${`${id}-apps`} class="erp-ui-section__heading">${t('home.applications', 'Applications')}</h2>
      ${tiles(state, id)}
    </section>
    ${state.signedIn ? recentSection(state.recent, state.applications, `${id}-recent`) : nothing}
    ${tenantInfo(state, id)}
  </div>`;
}

function currentState(): HomeState {
  const session = bus.session$.value;
  return {
    signedIn: !!session,
    userName: session?.profile.shellSub.displayName ?? null,
    environmentLabel: session?.profile.environmentLabel ?? null,
    applications: bus.applications$.value,
    recent: bus.recent$.value,
    tenant: bus.tenant$.value,
  };
}

/**
 * Renders HOME into `container` and keeps it in step with the bus (session, applications, recent screens,
 * tenant, language) until the returned function is called (live-render.ts).
 */
export function mountHomePage(container: HTMLElement): () => void {
  const id = `erp-home-${++pages}`;
  const page = liveRender(container, () => homeTemplate(currentState(), id), [bus.session$, bus.applications$, bus.recent$, bus.tenant$]);
  return page.stop;
}
