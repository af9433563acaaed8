/**
 * Stock ledger and inventory tickets — owned by h15c (issue 15). Definitions of this part of the module, in dependency order (a lookup's
 * target before the entity using it). The module's index (../index.ts) lists every part.
 * The stock ledger itself (stock_ledger, stock_balances) is NOT an entity: no generic route can write it
 * (modules/ic/server/stock/ledger.ts is its only writer); its reports are in ./reports.ts.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { inventoryTicket } from './inventory-ticket.ts';

export const IC_STOCK_ENTITIES: readonly AnyEntity[] = [inventoryTicket];
