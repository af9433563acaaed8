/**
 * A production work order's component lines as the record carries them; shared by the rules and the batch
 * production (kept apart so production.ts and rules.ts do not import each other).
 */
import type { Decimal } from '@erp/shared/decimal';

export interface ComponentLine {
  LineId: number | null;
  ComponentId: string;
  Factor: Decimal;
  Quantity: Decimal | null;
  UsedToDate: Decimal | null;
}

export function linesOf(record: Record<string, unknown>): ComponentLine[] {
  return Array.isArray(record['Components']) ? (record['Components'] as ComponentLine[]) : [];
}
