/**
 * The GL module's demo data at start: the masters (seed.ts).
 */
import type { Kysely } from 'kysely';
import { seedGlMasters } from './seed.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function seedGl(db: Kysely<any>): Promise<void> {
  await seedGlMasters(db);
}
