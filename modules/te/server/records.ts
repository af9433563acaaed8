/**
 * Small pieces the Trades rules share: reading a text, setting a server-owned field on a save, refusing with
 * issues, the §8 "Builder, site or lot not found." refusal, decimals read from a row.
 */
import type { RuleIssue } from '@erp/shared/entities/define';
import type { Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb, type Connection } from '@erp/server/db/decimal-codec';
import type { WireRecord } from '@erp/server/entities/hooks';
import { NOT_FOUND } from '../definitions/common.ts';

export const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** A document's lines in wire form (each a record of its children). */
export function linesOf(record: WireRecord | null | undefined): WireRecord[] {
  return record && Array.isArray(record['Lines']) ? (record['Lines'] as WireRecord[]) : [];
}

export function refuse(issues: readonly RuleIssue[]): void {
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues.map((issue) => ({ field: issue.field, key: issue.key, params: issue.params ?? {} })));
}

/** §8 "Builder, site or lot not found." on `field`. */
export function notFound(field: string): never {
  throw BusinessError.of(400, 'not_found', NOT_FOUND, {}, field);
}

export function money(trx: Connection, raw: unknown): Decimal {
  return (decimalFromDb(trx, raw, 2) ?? '0.00') as Decimal;
}

/** A decimal of a record in wire form (a string, or null: zero). */
export function wire(value: unknown): Decimal {
  return typeof value === 'string' && value !== '' ? value : '0.00';
}
