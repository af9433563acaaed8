/**
 * Order Entry's tables that its migrations create, not its entity definitions (pricing/migration.ts): the one
 * hand-written place of their types, joined into `OeTables` by the generated ./tables.generated.ts. Add a table here
 * when typed code first names it.
 */
import type { Generated } from 'kysely';
import type { StoredDecimal } from '@erp/server/db/schema';

export type MigrationTables = {
  /** The price override audit (append-only; written only by pricing/override.ts). */
  oe_price_overrides: {
    override_id: Generated<number>;
    customer_id: string;
    ship_to_id: string | null;
    product_id: string;
    quantity: StoredDecimal;
    old_price: StoredDecimal | null;
    new_price: StoredDecimal;
    cost: StoredDecimal | null;
    price_source: string | null;
    price_table_id: string | null;
    reason: string | null;
    reference: string | null;
    overridden_by: string;
    overridden_on: string;
  };
};
