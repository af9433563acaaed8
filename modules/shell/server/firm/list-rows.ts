/**
 * The firm lists' common start (A/R's customer list, A/P's vendor list): the firm `f` with its id, name, city and
 * province; each list adds its own columns and which firms it shows.
 */
import type { AnyDb, AnySelect } from '@erp/server/reports/engine';

export function firmListRows(db: AnyDb): AnySelect {
  return db.selectFrom('firms as f').select(['f.firm_id as FirmId', 'f.name as FirmName', 'f.city as City', 'f.province_code as ProvinceCode']);
}
