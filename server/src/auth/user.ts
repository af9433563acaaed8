/**
 * The signed-in caller, as every layer reads it: types only, importing nothing of the server but the users row's
 * type, so that the entity layer, the event hub, the webhooks and the modules name the caller without importing
 * the auth plugin (issue 73 item 4: the server core's knot of imports, type imports included, untied). The plugin
 * (./plugin.ts) fills `request.user`; ./access.ts reads the applications.
 */
import type { JWTPayload } from 'jose';
import type { UserRow } from '../db/schema.ts';

/** The active applications a user opens, by name and by router path (lower case: `/novus-oe`). */
export interface OpenedApplications {
  names: ReadonlySet<string>;
  paths: ReadonlySet<string>;
}

export interface AuthenticatedUser {
  /**
   * The users row (never sent as is: it holds the password hash). Its `language` is the language this call is
   * answered in — the call's Accept-Language when it is a product language, else the stored one
   * (i18n/caller-language.ts; issue 40 item 9: every message of every module follows the screen's language).
   */
  row: UserRow;
  /** The language stored on the users row (POST api/shell_init/locale), which the profile answers; absent: `row.language`. */
  storedLanguage?: string | null;
  userId: string;
  roles: string[];
  /** The applications the roles open (§6): entity rights follow them (entities/access.ts). */
  applications: OpenedApplications;
  /** The verified access-token claims. */
  token: JWTPayload;
  /** Issue 72 item 2: the API client calling (its id, = userId of its service user); absent for a person. */
  client?: string;
}
