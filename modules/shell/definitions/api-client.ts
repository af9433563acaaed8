/**
 * API clients (issue 72 item 2): the programs of partners that call the API without a person — OAuth 2.0 client
 * credentials at the embedded provider (server/src/oidc/api-clients.ts). Administrators keep them on
 * /shell/api-clients.
 *
 * A client acts as a user: its service user, the users row whose UserId is the ClientId (written with the client,
 * modules/shell/server/api-client/rules.ts). Its Roles and AssignedCustomers are that user's (the same link tables
 * as the user screen), so every rights path — roles → applications, entity roles, form widgets security, §6
 * assigned customers — applies unchanged, and the §3 trail names it. The scopes narrow the roles further: an
 * application the client only reads is read-only for it, one in neither list is closed (server/src/security/
 * api-clients.ts). A client can do nothing a user with its roles could not.
 *
 * Authentication: a secret (`client_secret_basic` or `client_secret_post`; answered once, when the client is
 * created or `NewSecret` is given, and stored as a SHA-256 hash) or `private_key_jwt` with the client's public JWK.
 */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const apiClient = defineEntity({
  name: 'api-client',
  table: 'api_clients',
  key: 'ClientId',
  application: 'SHELL',
  routes: ['/shell/api-clients'],
  fields: {
    ClientId: { type: 'text', maxLength: 64, pattern: '[a-z0-9][a-z0-9._-]*', patternKey: 'entities:api-client.rules.clientId' },
    Name: { type: 'text', required: true, maxLength: 100 },
    AuthMethod: {
      type: 'enum',
      options: [
        { value: 'client_secret_basic', labelKey: 'entities:api-client.authMethods.client_secret_basic' },
        { value: 'private_key_jwt', labelKey: 'entities:api-client.authMethods.private_key_jwt' },
      ],
      defaultValue: 'client_secret_basic',
    },
    /** The public key (one JWK, JSON) of `private_key_jwt`. */
    PublicJwk: { type: 'text', format: 'multiline', maxLength: 4000 },
    /** Answered once, with the save that made it; never stored in clear. */
    ClientSecret: { type: 'text', readOnly: true, virtual: true, maxLength: 100 },
    /** `sha256$<hex>` of the secret: written by the rules only, never answered. */
    SecretHash: { type: 'text', readOnly: true, writeOnly: true, maxLength: 100, audit: 'mask', widget: 'none' },
    /** Given true on an update: a new secret replaces the old one (answered once in ClientSecret). */
    NewSecret: { type: 'boolean', writeOnly: true, virtual: true },
    IsActive: { type: 'boolean', defaultValue: true },
    Roles: {
      type: 'set',
      entity: 'role',
      storage: { kind: 'link', table: 'user_roles', parentColumn: 'user_id', valueColumn: 'role_id' },
    },
    ReadApplications: {
      type: 'set',
      entity: 'application',
      storage: { kind: 'link', table: 'api_client_read_scopes', parentColumn: 'client_id', valueColumn: 'application' },
    },
    WriteApplications: {
      type: 'set',
      entity: 'application',
      storage: { kind: 'link', table: 'api_client_write_scopes', parentColumn: 'client_id', valueColumn: 'application' },
    },
    RestrictedToAssignedCustomers: { type: 'boolean', defaultValue: false, column: 'restricted_to_customers' },
    AssignedCustomers: {
      type: 'set',
      entity: 'firm',
      storage: { kind: 'link', table: 'user_customers', parentColumn: 'user_id', valueColumn: 'firm_id' },
    },
    RateLimitPerMinute: { type: 'integer', min: 1, max: 100000, defaultValue: 600 },
  },
  listColumns: ['ClientId', 'Name', 'AuthMethod', 'RateLimitPerMinute', 'IsActive'],
  defaultSort: [{ field: 'ClientId' }],
  filters: [
    { field: 'IsActive', op: 'eq' },
    { field: 'AuthMethod', op: 'eq' },
  ],
  search: ['ClientId', 'Name'],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Name',
  formLayout: {
    sections: [
      { rows: [['ClientId', 'Name'], ['AuthMethod', 'IsActive'], ['ClientSecret', 'NewSecret'], ['PublicJwk']] },
      {
        titleKey: 'entities:sections.security',
        rows: [['Roles'], ['ReadApplications'], ['WriteApplications'], ['RestrictedToAssignedCustomers'], ['AssignedCustomers'], ['RateLimitPerMinute']],
      },
    ],
  },
});
