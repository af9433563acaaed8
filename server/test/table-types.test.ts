/**
 * Issue 73 item 1: every module's `server/tables.generated.ts` is what the entity definitions give today
 * (server/src/entities/table-types.ts). A definition changed without `npm run gen:table-types` fails here, naming
 * the file; the check regenerates in memory and compares the text.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { tableTypeSources } from '../src/entities/table-types.ts';

describe('table types generated from the entity definitions', () => {
  it('every module has its generated file, up to date', async () => {
    const sources = await tableTypeSources();
    expect(sources.size).toBeGreaterThan(5);
    const stale = [...sources].filter(([path, text]) => {
      const file = join(repoRoot, path);
      return !existsSync(file) || readFileSync(file, 'utf8') !== text;
    });
    expect(stale.map(([path]) => `${path} is out of date: run npm run gen:table-types`)).toEqual([]);
  });

  it('types a decimal as stored, an enum as its values, a flag as a Flag, an auto key as generated, the record trail once and an extension in its own module', async () => {
    const sources = await tableTypeSources();
    const so = sources.get('modules/so/server/tables.generated.ts')!;
    // The §3 record trail said once (RecordTrail): no table type lists its five columns.
    expect(so).toMatch(/export type SalesOrdersTable = RecordTrail & \{\n {2}order_key: Generated<number>;/);
    expect(so).not.toContain('  created_by: string;');
    expect(so).toContain('  total: StoredDecimal | null;');
    // An enum is the union of its options' stored values, not any string.
    expect(so).toContain("  status: 'Entered' | 'Committed' | 'Shipped' | 'Invoiced' | 'Cancelled' | null;");
    expect(so).toContain('export type SoDatabase = DB & SoTables & ShellTables & GlTables');
    const ar = sources.get('modules/ar/server/tables.generated.ts')!;
    // Receivables' fields on the shell's firm are Receivables' columns, not the shell's.
    expect(ar).toMatch(/export type FirmsArColumns = \{\n {2}account_terms: string \| null;\n {2}credit_limit: StoredDecimal \| null;/);
    expect(sources.get('modules/shell/server/tables.generated.ts')!).not.toContain('credit_limit');
    // Tables only migrations create come in by hand, once, with the module's tables (what its dependants see too).
    expect(sources.get('modules/gl/server/tables.generated.ts')!).toMatch(/import type \{ MigrationTables \} from '\.\/migration-tables\.ts';[\s\S]*\} & MigrationTables;/);
  });
});
