/** The code snippets of docs/public-api.md, for the tests that run them as written (its "Machine clients" and "Webhooks"). */
import { readFileSync } from 'node:fs';

/** The code block after `<!-- snippet: name -->` in docs/public-api.md. */
export function snippet(name: string): string {
  const doc = readFileSync(new URL('../../../docs/public-api.md', import.meta.url), 'utf8');
  const found = new RegExp(`<!-- snippet: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\`\\n`).exec(doc);
  if (!found) throw new Error(`docs/public-api.md has no snippet ${name}`);
  return found[1]!;
}
