/**
 * The one evaluator of computed fields (issue 12: "declared once, computed the same way in the browser and
 * on the server"): `computeRecord(def, record)` answers the record with every computed field filled, line
 * fields first (`Lines.Amount`), then record fields (`TotalDebit` = sum of the lines). Exact decimals only
 * (shared/src/decimal.ts): each value is rounded half-up to its field's scale (per line), and totals are
 * sums of the rounded lines. A blank or malformed operand counts as zero, so a half-typed line still shows
 * totals; the validator reports the malformed value itself.
 */
import { add, isDecimal, mul, neg, round, sub } from '../decimal.ts';
import type { AnyEntity, ChildrenField, DecimalField, Formula, Operand } from './define.ts';

/** A record or a line in wire form: field name → value. */
type WireValues = Record<string, unknown>;

function operand(op: Operand, row: WireValues, scale: number): string {
  if (typeof op === 'string') {
    const value = row[op];
    return isDecimal(value) ? value : typeof value === 'number' && Number.isInteger(value) ? String(value) : '0';
  }
  if ('value' in op) return op.value;
  return evaluate(op, row, scale);
}

function evaluate(formula: Formula, row: WireValues, scale: number): string {
  switch (formula.op) {
    case 'sum': {
      const lines = Array.isArray(row[formula.collection]) ? (row[formula.collection] as WireValues[]) : [];
      let total = '0';
      for (const line of lines) {
        const value = line[formula.field];
        if (isDecimal(value)) total = add(total, round(value, scale));
      }
      return total;
    }
    case 'add':
      return formula.args.reduce<string>((total, arg) => add(total, operand(arg, row, scale)), '0');
    case 'sub': {
      const [first, ...rest] = formula.args;
      return rest.reduce<string>((total, arg) => sub(total, operand(arg, row, scale)), first === undefined ? '0' : operand(first, row, scale));
    }
    case 'mul':
      return mul(operand(formula.args[0], row, scale), operand(formula.args[1], row, scale), scale);
    case 'neg':
      return neg(operand(formula.arg, row, scale));
  }
}

/** The record with its computed fields (a new object; lines are new objects when they have computed fields). */
export function computeRecord(def: AnyEntity, record: Readonly<WireValues>): WireValues {
  const out: WireValues = { ...record };
  const entries = Object.entries(def.computed);
  // Line fields first: record totals may sum them.
  for (const [target, formula] of entries) {
    const dot = target.indexOf('.');
    if (dot < 0) continue;
    const collection = target.slice(0, dot);
    const name = target.slice(dot + 1);
    const field = def.fields[collection] as ChildrenField | undefined;
    const scale = (field?.fields[name] as DecimalField | undefined)?.scale ?? 2;
    const lines = Array.isArray(out[collection]) ? (out[collection] as WireValues[]) : [];
    out[collection] = lines.map((line) => ({ ...line, [name]: round(evaluate(formula, line, scale), scale) }));
  }
  for (const [target, formula] of entries) {
    if (target.includes('.')) continue;
    const scale = (def.fields[target] as DecimalField | undefined)?.scale ?? 2;
    out[target] = round(evaluate(formula, out, scale), scale);
  }
  return out;
}

/** Names of the computed record fields and, per collection, its computed line fields. */
export function computedFields(def: AnyEntity): { record: Set<string>; lines: Map<string, Set<string>> } {
  const record = new Set<string>();
  const lines = new Map<string, Set<string>>();
  for (const target of Object.keys(def.computed)) {
    const [first, second] = target.split('.');
    if (second === undefined) record.add(first!);
    else {
      if (!lines.has(first!)) lines.set(first!, new Set());
      lines.get(first!)!.add(second);
    }
  }
  return { record, lines };
}
