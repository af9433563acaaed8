// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Flag, RecordTrail } from '@erp/server/db/schema';

export type CountriesTable = RecordTrail & {
  country_code: string;
  name: string | null;
  is_active: Flag;
};

export type StatesTable = RecordTrail & {
  state_key: Generated<number>;
  country_code: string | null;
  state_code: string | null;
  name: string | null;
  is_active: Flag;
};

export type CitiesTable = RecordTrail & {
  city_key: Generated<number>;
  country_code: string | null;
  state_key: number | null;
  name: string | null;
  is_active: Flag;
};

export type SequenceCountersTable = RecordTrail & {
  sequence_id: string;
  description: string | null;
  prefix: string | null;
  next_number: number | null;
  increment: number | null;
  width: number | null;
  is_active: Flag;
};

export type CodeIndexesTable = RecordTrail & {
  code_key: Generated<number>;
  application: string | null;
  code_type: string | null;
  code: string | null;
  description: string | null;
  sequence: number | null;
  is_active: Flag;
};

export type ConfigurationsTable = RecordTrail & {
  control_id: string;
  control_value: string | null;
  description: string | null;
};

export type CompaniesTable = RecordTrail & {
  company_id: string;
  name: string | null;
  address: string | null;
  city: string | null;
  province_code: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  language: 'en-CA' | 'fr-CA' | 'zh-CN' | 'zh-TW' | null;
  is_default: Flag;
  logo: string | null;
  logo_file_type: string | null;
};

export type BranchesTable = RecordTrail & {
  branch_id: string;
  name: string | null;
  company_id: string | null;
  address: string | null;
  city: string | null;
  province_code: string | null;
  postal_code: string | null;
  phone: string | null;
  is_active: Flag;
};

export type WarehousesTable = RecordTrail & {
  warehouse_id: string;
  name: string | null;
  branch_id: string | null;
  count_stage: 'Clear' | 'Frozen' | 'Counted' | null;
  address: string | null;
  city: string | null;
  province_code: string | null;
  postal_code: string | null;
  is_active: Flag;
};

export type ApplicationsTable = RecordTrail & {
  application: string;
  description: string | null;
  router_path: string | null;
  sequence: number | null;
  is_active: Flag;
};

export type RolesTable = RecordTrail & {
  role_id: string;
  name: string | null;
  all_applications: Flag;
};

export type FirmsTable = RecordTrail & {
  firm_id: string;
  name: string | null;
  is_bill_to: Flag;
  is_ship_to: Flag;
  is_vendor: Flag;
  is_active: Flag;
  language: 'en-CA' | 'fr-CA' | 'zh-CN' | 'zh-TW' | null;
  bill_to_id: string | null;
  jobber_firm_id: string | null;
  address: string | null;
  city: string | null;
  province_code: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  for_external_users: Flag;
  notes: string | null;
};

export type FirmContactsTable = {
  contact_key: Generated<number>;
  firm_id: string;
  name: string | null;
  title: string | null;
  phone: string | null;
  email: string | null;
  is_primary: Flag;
};

export type UsersTable = RecordTrail & {
  user_id: string;
  display_name: string | null;
  email: string | null;
  domain: string | null;
  landing_page: string | null;
  show_menus: Flag;
  language: 'en-CA' | 'fr-CA' | 'zh-CN' | 'zh-TW' | null;
  is_active: Flag;
  default_ship_to_id: string | null;
  environment_label: string | null;
  environment: string | null;
  restricted_to_customers: Flag;
};

export type UserRolesTable = {
  user_id: string;
  role_id: string;
};

export type UserCustomersTable = {
  user_id: string;
  firm_id: string;
};

export type UserSecurablesTable = RecordTrail & {
  securable_key: Generated<number>;
  user_id: string | null;
  identifier: string | null;
};

export type MenuAccessTable = RecordTrail & {
  access_key: Generated<number>;
  role_id: string | null;
  application: string | null;
  menu_id: string | null;
};

export type FormWidgetSecurityTable = RecordTrail & {
  widget_key: Generated<number>;
  role_id: string | null;
  entity: string | null;
  field_name: string | null;
  access: 'hidden' | 'read-only' | null;
};

export type SignInLogTable = RecordTrail & {
  sign_in_key: Generated<number>;
  user_name: string | null;
  outcome: 'success' | 'failure' | 'throttled' | null;
  address: string | null;
  attempted_on: string | null;
};

export type CapturedMailsTable = RecordTrail & {
  mail_key: Generated<number>;
  received_on: string | null;
  mail_from: string | null;
  mail_to: string | null;
  subject: string | null;
  body_text: string | null;
  attachments: string | null;
  message_id: string | null;
};

export type EmbedOriginsTable = RecordTrail & {
  origin: string;
  description: string | null;
  is_active: Flag;
};

export type ApiClientsTable = RecordTrail & {
  client_id: string;
  name: string | null;
  auth_method: 'client_secret_basic' | 'private_key_jwt' | null;
  public_jwk: string | null;
  secret_hash: string | null;
  is_active: Flag;
  restricted_to_customers: Flag;
  rate_limit_per_minute: number | null;
};

export type ApiClientReadScopesTable = {
  client_id: string;
  application: string;
};

export type ApiClientWriteScopesTable = {
  client_id: string;
  application: string;
};

export type WebhookSubscriptionsTable = RecordTrail & {
  subscription_id: Generated<number>;
  url: string | null;
  description: string | null;
  events: string | null;
  secret: string | null;
  owner_id: string | null;
  is_active: Flag;
  disabled_reason: string | null;
};

export type WebhookDeliveriesTable = RecordTrail & {
  delivery_id: Generated<number>;
  subscription_id: number | null;
  message_id: string | null;
  event_type: string | null;
  entity: string | null;
  record_id: string | null;
  record_status: string | null;
  changed_by: string | null;
  occurred_on: string | null;
  queued_on: string | null;
  status: 'Pending' | 'Delivered' | 'Failed' | 'Withheld' | null;
  attempts: number | null;
  next_attempt_on: string | null;
  last_attempt_on: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_on: string | null;
  payload: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
};

export type ShellTables = {
  countries: CountriesTable;
  states: StatesTable;
  cities: CitiesTable;
  sequence_counters: SequenceCountersTable;
  code_indexes: CodeIndexesTable;
  configurations: ConfigurationsTable;
  companies: CompaniesTable;
  branches: BranchesTable;
  warehouses: WarehousesTable;
  applications: ApplicationsTable;
  roles: RolesTable;
  firms: FirmsTable;
  firm_contacts: FirmContactsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  user_customers: UserCustomersTable;
  user_securables: UserSecurablesTable;
  menu_access: MenuAccessTable;
  form_widget_security: FormWidgetSecurityTable;
  sign_in_log: SignInLogTable;
  captured_mails: CapturedMailsTable;
  embed_origins: EmbedOriginsTable;
  api_clients: ApiClientsTable;
  api_client_read_scopes: ApiClientReadScopesTable;
  api_client_write_scopes: ApiClientWriteScopesTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
};

/** What module shell's queries may name: the core's tables, its own and those of the modules it requires. */
export type ShellDatabase = DB & ShellTables;

/**
 * Module shell's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function shellDb<D>(db: Transaction<D>): Transaction<ShellDatabase>;
export function shellDb<D>(db: Kysely<D>): Kysely<ShellDatabase>;
export function shellDb<D>(db: Kysely<D>): Kysely<ShellDatabase> {
  return db as unknown as Kysely<ShellDatabase>;
}

export type CountryRow = Selectable<CountriesTable>;

export type StateRow = Selectable<StatesTable>;

export type CityRow = Selectable<CitiesTable>;

export type SequenceCounterRow = Selectable<SequenceCountersTable>;

export type CodeIndexRow = Selectable<CodeIndexesTable>;

export type ConfigurationRow = Selectable<ConfigurationsTable>;

export type CompanyRow = Selectable<CompaniesTable>;

export type BranchRow = Selectable<BranchesTable>;

export type WarehouseRow = Selectable<WarehousesTable>;

export type ApplicationRow = Selectable<ApplicationsTable>;

export type RoleRow = Selectable<RolesTable>;

export type FirmRow = Selectable<FirmsTable>;

export type UserRow = Selectable<UsersTable>;

export type UserSecurablesRow = Selectable<UserSecurablesTable>;

export type MenuAccessRow = Selectable<MenuAccessTable>;

export type FormWidgetsSecurityRow = Selectable<FormWidgetSecurityTable>;

export type SignInRow = Selectable<SignInLogTable>;

export type CapturedMailRow = Selectable<CapturedMailsTable>;

export type EmbedOriginRow = Selectable<EmbedOriginsTable>;

export type ApiClientRow = Selectable<ApiClientsTable>;

export type WebhookSubscriptionRow = Selectable<WebhookSubscriptionsTable>;

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
