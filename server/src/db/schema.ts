/**
 * Table types of the server database (Kysely). Names are snake_case; the wire format (§3, PascalCase) is
 * produced by the services, never by the tables.
 *
 * Portability rules, the same on SQLite and PostgreSQL:
 * - timestamps are ISO-8601 UTC text (`new Date().toISOString()`), so they sort as text;
 * - flags are `boolean` columns, always written as 0/1 (SQLite cannot bind JS booleans, db/sqlite.ts, and
 *   PostgreSQL accepts '1'/'0' for boolean) and read through `asFlag` (SQLite answers 0/1, PostgreSQL
 *   true/false) — the `Flag` type makes writing a JS boolean a compile error;
 * - JSON is stored as text.
 */
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

/** A boolean column: read as boolean or 0/1, written as 0/1 only. */
export type Flag = ColumnType<boolean | number, 0 | 1, 0 | 1>;

/**
 * An exact decimal column (db/decimal-codec.ts): PostgreSQL NUMERIC answers a string, SQLite's integer units a number
 * (a BigInt beyond 2^53, db/exact.ts). Read it with `decimalFromDb`, write what `decimalToDb` gives.
 */
export type StoredDecimal = ColumnType<string | number | bigint, string | number | bigint, string | number | bigint>;
/** A decimal column with a default in its migration: optional when inserting. */
export type DefaultedDecimal = ColumnType<string | number | bigint, string | number | bigint | undefined, string | number | bigint>;

/** Converts a JS boolean for writing into a Flag column. */
export function flag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** Reads a Flag column value. */
export function asFlag(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** §3 record trail, on every business table (a type alias: the generated table types join it with `&`). */
export type RecordTrail = {
  created_by: string;
  created_on: string;
  updated_by: string;
  updated_on: string;
  version: ColumnType<number, number | undefined, number>;
};

export interface UsersTable extends RecordTrail {
  /** The login name; also the token `sub`. */
  user_id: string;
  /** `scrypt$N$r$p$salt$hash` (see auth/password.ts). */
  password_hash: string;
  display_name: string;
  email: string;
  domain: string;
  landing_page: string | null;
  show_menus: Flag;
  /** JSON array of CSS file URLs. */
  css_files: string;
  environment_label: string | null;
  environment: string | null;
  default_ship_to_id: string | null;
  /** LocaleIdentifier, e.g. en-CA. */
  language: string | null;
  is_active: Flag;
  /** §6: sees only the firms assigned in user_customers (migration 0003). */
  restricted_to_customers: ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>;
}

export interface RolesTable extends RecordTrail {
  role_id: string;
  name: string;
  /** The administrator role opens every application, present and future. */
  all_applications: Flag;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

export interface ApplicationsTable extends RecordTrail {
  application: string;
  description: string;
  router_path: string;
  sequence: number;
  is_active: Flag;
}

export interface MenusTable extends RecordTrail {
  menu_key: Generated<number>;
  application: string;
  menu_id: string;
  menu_name: string;
  parent_id: string;
  sequence: number;
  is_active: Flag;
  router_path: string;
}

export interface RoleApplicationsTable {
  role_id: string;
  application: string;
}

export interface RoutesTable extends RecordTrail {
  route_key: Generated<number>;
  path: string;
  name: string;
  component: string;
  props: string | null;
  meta: string | null;
}

export interface LanguagesTable extends RecordTrail {
  language_key: Generated<number>;
  name: string;
  language_code: string;
  country_code: string;
  image_url: string;
  locale_identifier: string;
  is_active: Flag;
}

export interface FirmsTable extends RecordTrail {
  firm_id: string;
  name: string;
  is_active: Flag;
  is_bill_to: Flag;
  is_ship_to: Flag;
  is_vendor: Flag;
  for_external_users: Flag;
  is_sales_manager: Flag;
}

export interface UserSecurablesTable extends RecordTrail {
  securable_key: Generated<number>;
  user_id: string;
  /** §3 bill-to securable: `BILLTO,SHIPTO,SHIPTO…`. */
  identifier: string;
}

export interface AuditLogTable {
  audit_key: Generated<number>;
  table_name: string;
  id_name: string;
  id_value: string;
  column_name: string;
  old_value: string | null;
  new_value: string | null;
  action_by: string;
  action_on: string;
  /** 'insert' | 'update' | 'delete' (migration 0003; older rows are updates). */
  action: ColumnType<string, string | undefined, string>;
  /** The record the row belongs to, for child and link rows (firm contacts → the firm); else table_name / id_value. */
  root_table: string | null;
  root_id: string | null;
}

/**
 * §6 menu access (migration 0003): a row without menu_id opens the whole application for the role; rows
 * with a menu_id limit the role to those menus. Replaces `role_applications`, which is no longer read.
 */
export interface MenuAccessTable extends RecordTrail {
  access_key: Generated<number>;
  role_id: string;
  application: string;
  menu_id: string | null;
}

/** §5 attachments on any record: the bytes are in the database (both engines). */
export interface AttachmentsTable extends RecordTrail {
  attachment_key: Generated<number>;
  entity: string;
  record_id: string;
  file_name: string;
  /** Detected from the content (magic bytes), never from the name. */
  content_type: string;
  size: number;
  content: Buffer;
}

/** A firm's accounts, one per firm type it has (bill-to, ship-to, vendor). */
export interface FirmAccountsTable extends RecordTrail {
  firm_id: string;
  account_type: string;
}

/** §6 assigned customers of users restricted to them. */
export interface UserCustomersTable {
  user_id: string;
  firm_id: string;
}

/** What a user chose in a generic list (columns), per entity. */
export interface UserPreferencesTable {
  user_id: string;
  entity: string;
  /** JSON: { Columns: string[] }. */
  settings: string;
  updated_on: string;
}

export interface FormWidgetSecurityTable extends RecordTrail {
  widget_key: Generated<number>;
  role_id: string;
  entity: string;
  field_name: string;
  /** 'hidden' | 'read-only'. */
  access: string;
}

/** Every oidc-provider model instance (sessions, grants, codes, tokens, interactions …). */
export interface OidcPayloadsTable {
  kind: string;
  id: string;
  /** JSON text of the model payload. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** ISO text; null = never expires. */
  expires_at: string | null;
  consumed_at: string | null;
}

/** DPoP proofs already used (auth/dpop-replay.ts): hash of thumbprint + jti, forgettable after expires_at (ms). */
export interface DpopReplayTable {
  proof_key: string;
  expires_at: number;
}

/** Persisted provider keys: JWKS signing keys (private JWK JSON) and cookie-signing secrets. */
export interface OidcKeysTable {
  key_id: string;
  /** 'signing' | 'cookie'. */
  purpose: string;
  material: string;
  created_on: string;
}

/** Scopes being worked on (exactly-once/scope-lock.ts): held by a lease its holder renews. */
export interface WorkLocksTable {
  scope: string;
  token: string;
  holder: string;
  acquired_on: string;
  expires_at: number;
}

/** Idempotency keys of the last 24 hours (exactly-once/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: string;
  idempotency_key: string;
  request_hash: string;
  /** 'running' | 'done'. */
  state: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: number;
}

/** One-use tickets that open an event stream (events/routes.ts), kept hashed; `expires_at` in ms (a bigint: text on PostgreSQL). */
export interface EventTicketsTable {
  ticket_hash: string;
  user_id: string;
  session_id: string | null;
  expires_at: ColumnType<string | number, number, number>;
}

export interface DB {
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  applications: ApplicationsTable;
  menus: MenusTable;
  role_applications: RoleApplicationsTable;
  routes: RoutesTable;
  languages: LanguagesTable;
  firms: FirmsTable;
  user_securables: UserSecurablesTable;
  audit_log: AuditLogTable;
  menu_access: MenuAccessTable;
  attachments: AttachmentsTable;
  firm_accounts: FirmAccountsTable;
  user_customers: UserCustomersTable;
  user_preferences: UserPreferencesTable;
  form_widget_security: FormWidgetSecurityTable;
  oidc_payloads: OidcPayloadsTable;
  oidc_keys: OidcKeysTable;
  dpop_replay: DpopReplayTable;
  work_locks: WorkLocksTable;
  idempotency_keys: IdempotencyKeysTable;
  event_tickets: EventTicketsTable;
}

/**
 * The core's typed view of a connection typed otherwise (a seed's, a module's): the same object. A module's own
 * view is its generated `<m>Db` (modules/<m>/server/tables.generated.ts).
 */
export function coreDb<D>(db: Kysely<D>): Kysely<DB> {
  return db as unknown as Kysely<DB>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
