/**
 * Component versions for About: the workspace packages and the shared libraries as they were built
 * (`__ERP_VERSIONS__`, defined by vite.config.ts from the package.json files), overridden by what the
 * libraries report at run time where they do (React's `version`, Lit's global version registries).
 */
export interface ComponentVersion {
  name: string;
  version: string;
}

declare const __ERP_VERSIONS__: ComponentVersion[] | undefined;

/** The versions recorded at build time (empty when run unbuilt, as in unit tests). */
export function buildVersions(): ComponentVersion[] {
  return typeof __ERP_VERSIONS__ !== 'undefined' && Array.isArray(__ERP_VERSIONS__) ? [...__ERP_VERSIONS__] : [];
}

type LitGlobals = { litElementVersions?: string[]; litHtmlVersions?: string[]; reactiveElementVersions?: string[] };

/** Versions the loaded libraries report themselves. */
export async function runtimeVersions(): Promise<ComponentVersion[]> {
  const versions: ComponentVersion[] = [];
  try {
    const specifier = 'react';
    const react = (await import(/* @vite-ignore */ specifier)) as { version?: unknown };
    if (typeof react.version === 'string') versions.push({ name: 'react', version: react.version });
  } catch {
    // React not loaded on this page
  }
  const lit = globalThis as LitGlobals;
  const first = (list: string[] | undefined) => (Array.isArray(list) && list.length ? list.join(', ') : null);
  const litHtml = first(lit.litHtmlVersions);
  if (litHtml) versions.push({ name: 'lit-html', version: litHtml });
  const litElement = first(lit.litElementVersions);
  if (litElement) versions.push({ name: 'lit-element', version: litElement });
  return versions;
}

/** Build-time versions with the run-time ones replacing or adding to them. */
export async function componentVersions(): Promise<ComponentVersion[]> {
  const merged = new Map(buildVersions().map((entry) => [entry.name, entry.version]));
  for (const entry of await runtimeVersions()) merged.set(entry.name, entry.version);
  return [...merged].map(([name, version]) => ({ name, version }));
}
