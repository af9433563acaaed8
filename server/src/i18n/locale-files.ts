/**
 * Where the server finds a locale's namespace files: the shell's `locales/<lng>/<ns>.json`, then each module's
 * `modules/<name>/locales/<lng>/<ns>.json` (issue 20: a module keeps its strings in its folder). The browser
 * asks for the same names under `/locales/` (static/routes.ts serves these roots as one folder).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { localeRoots } from '@erp/modules/manifests';
import { repoRoot } from '../config.ts';

const roots = localeRoots(repoRoot);

/** The file of `namespace` in `locale`, or null (a namespace lives in one root only). */
export function localeFile(locale: string, namespace: string): string | null {
  if (!/^[a-z][a-z0-9-]*$/.test(namespace) || !/^[a-z]{2}-[A-Z]{2}$/.test(locale)) return null;
  for (const root of roots) {
    const file = join(root, locale, `${namespace}.json`);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Every namespace of `locale` with its file, over all roots. */
export function localeNamespaces(locale: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const root of roots) {
    let names: string[] = [];
    try {
      names = readdirSync(join(root, locale)).filter((file) => file.endsWith('.json'));
    } catch {
      continue;
    }
    for (const name of names) {
      const namespace = name.slice(0, -'.json'.length);
      if (!found.has(namespace)) found.set(namespace, join(root, locale, name));
    }
  }
  return found;
}
