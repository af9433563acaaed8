/** The physical count cycle (issue 23 item 4): its records (./entities.ts), processes and reports (./cycle.ts). */
export { COUNT_SEQUENCE, COUNT_STATUSES, IC_COUNT_ENTITIES, countLine, countTag, warehouseCount } from './entities.ts';
export { IC_COUNT_PROCESSES, IC_COUNT_REPORTS, countDiscrepancy, countFreeze, countPost, countSheets, countUpgrade, productsNotCounted } from './cycle.ts';
