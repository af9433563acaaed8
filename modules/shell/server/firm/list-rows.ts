/**
 * The firm lists' common start (A/R's customer list, A/P's vendor list): the firm `f` with its id, name, city and
 * province; each list adds its own columns and which firms it shows.
 */
import type { Kysely } from 'kysely';
import { dynamicDb } from '@erp/server/db/dynamic-db';

/**
 * Through the dynamic view: the lists go on with columns their own modules add to `firms` (A/R's credit limit,
 * A/P's vendor flag), which the shell's typed view cannot name.
 */
export function firmListRows<D>(db: Kysely<D>) {
  return dynamicDb(db).selectFrom('firms as f').select(['f.firm_id as FirmId', 'f.name as FirmName', 'f.city as City', 'f.province_code as ProvinceCode']);
}
