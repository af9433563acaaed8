/**
 * The portal's database type, under the names its code has always used: `PortalDB` is the generated
 * `PortalDatabase` (./tables.generated.ts: the core's tables, the portal's migration tables in
 * ./migration-tables.ts, and those of the modules it requires), `portalDb` its typed view of a connection.
 */
export type { PortalDatabase as PortalDB } from './tables.generated.ts';
export { portalDb } from './tables.generated.ts';
