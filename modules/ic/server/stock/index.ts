/**
 * Stock ledger and inventory tickets — server side, owned by h15c (issue 15): entity hooks (rules that need
 * the database) and demo data of this part. The module's index (../index.ts) runs every part.
 *
 * Seed: Inventory's GL integration defaults, each one a database lacks (a row added to the demo later reaches a
 * database seeded before, when its account exists); with config.demoLedger, the demo stock (./seed.ts).
 */
import { seedIntegration, type IntegrationRow } from '@erp/modules/gl/server/api';
import type { ModulePart } from '@erp/server/modules/part';
import { DEMO_PRODUCTS } from '../products/seed-data.ts';
import { seedStock } from './seed.ts';
import { inventoryTicketHooks } from './tickets.ts';

const IC_INTEGRATION: readonly IntegrationRow[] = [
  ['INVENTORY-STEEL', 'Steel and metals stock', '1200'],
  ['INVENTORY-ELECTRICAL', 'Electrical supplies stock', '1210'],
  ['ADJUSTMENT', 'Count and ticket adjustments', '5400'],
  ['INVENTORY', 'Stock of classes without their own account', '1200'],
  // Ticket offsets (./tickets.ts TICKET-<SUB TYPE>): opening stock is taken on against equity, a purchase receipt
  // is received-not-invoiced (DOMAIN-NOTES §6.1 "Receipt: Dr Inventory, Cr GRNI / accrued AP").
  ['TICKET-OPENING', 'Opening stock taken on', '3200'],
  ['TICKET-PURCHASE', 'Purchases received, not invoiced', '2110'],
];

export const IC_STOCK_PART: ModulePart = {
  hooks: { 'inventory-ticket': inventoryTicketHooks },
  async seed(db, config) {
    await seedIntegration(db, 'IC', IC_INTEGRATION, { addMissing: true });
    // Demo stock built by closed tickets (./seed.ts), only with the demo ledger.
    if (config.demoLedger) await seedStock(db, new Map(DEMO_PRODUCTS.map((p) => [p.id, p.price])));
  },
};
