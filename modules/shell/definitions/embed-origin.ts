/**
 * Allowed embedding origins (issue 70 item 1): the intranet sites whose pages may load the shell's custom elements
 * (`/elements/`, `/locales/`) and call the API from the browser. Together with the EMBED_ORIGINS setting they make
 * the allow-list that server/src/security/embed-origins.ts turns into CORS and Cross-Origin-Resource-Policy headers;
 * an origin not on it (or inactive here) gets neither. Administrators keep it on /shell/embed-origins.
 */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

/** An http(s) origin as browsers send it in `Origin`: scheme, lower-case host, optional port, nothing else. */
export const ORIGIN_PATTERN = 'https?://(\\[[0-9a-f:.]+\\]|([a-z0-9-]+\\.)*[a-z0-9-]+)(:[0-9]{1,5})?';

export const embedOrigin = defineEntity({
  name: 'embed-origin',
  table: 'embed_origins',
  key: 'Origin',
  application: 'SHELL',
  routes: ['/shell/embed-origins'],
  fields: {
    Origin: { type: 'text', maxLength: 200, pattern: ORIGIN_PATTERN, patternKey: 'entities:embed-origin.rules.origin' },
    Description: { type: 'text', required: true, maxLength: 80 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['Origin', 'Description', 'IsActive'],
  defaultSort: [{ field: 'Origin' }],
  filters: [
    { field: 'IsActive', op: 'eq' },
    { field: 'Origin', op: 'contains' },
  ],
  search: ['Origin', 'Description'],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Description',
});
