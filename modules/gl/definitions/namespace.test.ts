/**
 * Issue 41: the G/L's message namespace belongs to the G/L. A message every module uses lives in a common namespace
 * (`entities:validation.negative`, `entities:validation.noLines`); a G/L refusal another module meets is raised by
 * the G/L's own functions (`periodMissing`, `requiredIntegrationAccount`, the set-up needs' builders), so no file
 * outside modules/gl writes a `gl:` key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.data', '.test-data', '.reports', 'test-results']);

function* sources(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) yield path;
  }
}

describe('the gl namespace', () => {
  it('is named by no file outside modules/gl', () => {
    const own = join(root, 'modules/gl');
    const naming: string[] = [];
    for (const file of sources(root)) {
      if (file.startsWith(own)) continue;
      const text = readFileSync(file, 'utf8');
      const at = text.search(/['"`]gl:[A-Za-z]/);
      if (at >= 0) naming.push(`${relative(root, file)}: ${text.slice(at, at + 40).split('\n')[0]}`);
    }
    expect(naming).toEqual([]);
  });
});
