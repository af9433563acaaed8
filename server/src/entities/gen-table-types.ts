/**
 * `npm run gen:table-types`: writes every module's `server/tables.generated.ts` from the entity definitions
 * (./table-types.ts). Run it after changing a definition; server/test/table-types.test.ts fails until then.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableTypeSources } from './table-types.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
let written = 0;
for (const [path, text] of await tableTypeSources()) {
  const file = join(root, path);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
  writeFileSync(file, text);
  written += 1;
  process.stdout.write(`wrote ${path}\n`);
}
process.stdout.write(`table types: ${written} file(s) written\n`);
