/**
 * Landed cost allocation (issue 23 item 2; DOMAIN-NOTES §6.2 "for metals, allocate freight by weight"):
 * `allocate(charge, bases)` splits an exact charge over lines in proportion to their basis —
 * share_i = charge × basis_i ÷ Σ basis, rounded to the cent, the rounding remainder on the line with the
 * largest basis (the first of equals) — so the shares add up to the charge exactly. The basis of a receipt line
 * is its weight (the coil weights of its lots when it has them, else quantity × the product's weight per unit);
 * when no line has a weight, the lines' cost is the basis; when that is zero too, the quantity.
 */
import { add, cmp, div, isZero, mul, round, sub, type Decimal } from '@erp/shared/decimal';

export function allocate(charge: Decimal, bases: readonly Decimal[]): Decimal[] {
  const total = bases.reduce<Decimal>((sum, basis) => add(sum, basis), '0');
  if (bases.length === 0) return [];
  if (isZero(total)) return bases.map((_, index) => (index === 0 ? round(charge, 2) : '0.00'));
  const shares = bases.map((basis) => round(div(mul(charge, basis, 10), total, 10), 2));
  const remainder = sub(round(charge, 2), shares.reduce<Decimal>((sum, share) => add(sum, share), '0.00'));
  let largest = 0;
  bases.forEach((basis, index) => {
    if (cmp(basis, bases[largest]!) > 0) largest = index;
  });
  shares[largest] = round(add(shares[largest]!, remainder), 2);
  return shares;
}

export interface AllocationLine {
  quantity: Decimal;
  cost: Decimal;
  /** Σ coil weights of its lots, or null. */
  lotWeight: Decimal | null;
  weightPerUnit: Decimal;
}

/** The freight share of each line, by weight, else by cost, else by quantity (module header). */
export function freightShares(freight: Decimal, lines: readonly AllocationLine[]): Decimal[] {
  if (isZero(freight)) return lines.map(() => '0.00');
  const weights = lines.map((line) => line.lotWeight ?? mul(line.quantity, line.weightPerUnit, 4));
  if (weights.some((weight) => !isZero(weight))) return allocate(freight, weights);
  const costs = lines.map((line) => line.cost);
  if (costs.some((cost) => !isZero(cost))) return allocate(freight, costs);
  return allocate(freight, lines.map((line) => line.quantity));
}
