/**
 * The order-shaped half of `seed:large`'s generators (purchase orders, sales orders): orders numbered from 1,
 * dated over the two years before today, each with a draw for its state and a run of consecutive products for its
 * lines, written a batch per transaction. The sequence is seeded, so a seed writes the same data every time; the
 * draws come in the same order as before they were shared (date, state, first product, then each line's).
 */

/** A reproducible sequence in [0, 1) (a linear congruential generator). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The trail columns of a generated row. */
export interface LargeTrail {
  created_by: string;
  created_on: string;
  updated_by: string;
  updated_on: string;
  version: number;
}

export interface PlannedOrder<L> {
  /** Its number, from 1 (GPO0000001, GSO0000001 …). */
  n: number;
  date: string;
  /** The draw in [0, 1) its state is chosen by. */
  kind: number;
  lines: L[];
}

export interface OrderBatchOptions {
  orders: number;
  batch: number;
  seed: number;
  /** How many products there are to take lines from (at least `linesPerOrder`). */
  products: number;
  linesPerOrder: number;
  onProgress?: ((written: number) => void) | undefined;
}

/**
 * Writes `options.orders` orders, `options.batch` per transaction of `db` (a Kysely instance of either engine):
 * `line(product, kind, next)` draws one line (`product` an index into the caller's products), `write(trx, plans,
 * trail)` inserts a batch and answers how many lines it wrote. Answers the lines written.
 */
export async function writeOrderBatches<L, D extends { transaction(): { execute<T>(run: (trx: D) => Promise<T>): Promise<T> } }>(
  db: D,
  options: OrderBatchOptions,
  line: (product: number, kind: number, next: () => number) => L,
  write: (trx: D, plans: PlannedOrder<L>[], trail: LargeTrail) => Promise<number>,
): Promise<number> {
  const next = seededRandom(options.seed);
  const now = new Date().toISOString();
  const trail: LargeTrail = { created_by: 'seed:large', created_on: now, updated_by: 'seed:large', updated_on: now, version: 1 };
  const today = Date.now();
  let lines = 0;
  for (let start = 0; start < options.orders; start += options.batch) {
    const count = Math.min(options.batch, options.orders - start);
    lines += await db.transaction().execute(async (trx) => {
      const plans = Array.from({ length: count }, (_, i): PlannedOrder<L> => {
        const date = new Date(today - Math.floor(next() * 730) * 86_400_000).toISOString().slice(0, 10);
        const kind = next();
        const first = Math.floor(next() * (options.products - options.linesPerOrder));
        return { n: start + i + 1, date, kind, lines: Array.from({ length: options.linesPerOrder }, (_, k) => line(first + k, kind, next)) };
      });
      return write(trx, plans, trail);
    });
    options.onProgress?.(lines);
  }
  return lines;
}
