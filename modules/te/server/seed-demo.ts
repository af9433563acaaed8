import type { Kysely } from 'kysely';
import type { SeedConfig } from '@erp/server/modules/part';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function seedTradesDemo(_db: Kysely<any>, _config: SeedConfig): Promise<void> {}
