/** A seeded random source for property and fuzz tests: the same seed, the same draws (mulberry32, as the demo seed's). */
import { seededRandom } from '../../src/seed/demo-firms.ts';

export function prng(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export type Random = ReturnType<typeof prng>;
