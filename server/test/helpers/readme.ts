/** The README's code snippets, for the tests that run them as written (README "Public API"). */
import { readFileSync } from 'node:fs';

/** The code block after `<!-- snippet: name -->` in the README. */
export function snippet(name: string): string {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const found = new RegExp(`<!-- snippet: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\`\\n`).exec(readme);
  if (!found) throw new Error(`README has no snippet ${name}`);
  return found[1]!;
}
