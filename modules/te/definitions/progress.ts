/**
 * Progress billing arithmetic (DOMAIN-NOTES §8.3), one pure function the server and its tests use, in exact
 * decimals (cents, half-up):
 *   earned to date    = Σ scheduled value × percent complete ÷ 100   (per line, each to the cent)
 *   holdback to date  = earned to date × holdback % ÷ 100
 *   net earned        = earned − holdback to date
 *   current due       = net earned − previous billings                (GST/HST is added on this part only)
 *   holdback of this billing = holdback to date − holdback retained by the previous billings
 *   balance to finish = contract − net earned (holdback included)
 */
import { add, div, mul, sub, type Decimal } from '@erp/shared/decimal';

export interface ProgressInput {
  contract: Decimal;
  lines: readonly { scheduledValue: Decimal; percentComplete: Decimal }[];
  holdbackPercent: Decimal;
  previousBilled: Decimal;
  previousHoldback: Decimal;
}

export interface ProgressFigures {
  lineEarned: Decimal[];
  earnedToDate: Decimal;
  holdbackToDate: Decimal;
  netEarned: Decimal;
  currentDue: Decimal;
  holdbackThisBilling: Decimal;
  balanceToFinish: Decimal;
}

/** `amount × percent ÷ 100`, to the cent. */
export function percentOf(amount: Decimal, percent: Decimal): Decimal {
  return div(mul(amount, percent, 6), '100', 2);
}

export function progressFigures(input: ProgressInput): ProgressFigures {
  const lineEarned = input.lines.map((line) => percentOf(line.scheduledValue, line.percentComplete));
  let earnedToDate = '0.00';
  for (const earned of lineEarned) earnedToDate = add(earnedToDate, earned);
  const holdbackToDate = percentOf(earnedToDate, input.holdbackPercent);
  const netEarned = sub(earnedToDate, holdbackToDate);
  return {
    lineEarned,
    earnedToDate,
    holdbackToDate,
    netEarned,
    currentDue: sub(netEarned, input.previousBilled),
    holdbackThisBilling: sub(holdbackToDate, input.previousHoldback),
    balanceToFinish: sub(input.contract, netEarned),
  };
}
