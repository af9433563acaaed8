/**
 * What the elements take from `@erp/shared` at run time — the i18n instance, the spec constants, the press
 * tracker (`afterPress`) — and nothing else. The standalone build (vite.standalone.config.ts) resolves `@erp/shared` to this file, so the
 * bundle carries i18next but not the API client, session, bus, rxjs or oidc-client-ts, which the elements
 * never use. An element importing something else from `@erp/shared` fails that build loudly ("missing
 * export"): add it here then, if it is as small.
 */
export * from '@erp/shared/i18n';
export * from '@erp/shared/types';
export * from '@erp/shared/press';
