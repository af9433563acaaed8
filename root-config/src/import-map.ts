/** The page's import map (inlined by the server into index.html). */

export interface ImportMap {
  imports: Record<string, string>;
}

/** Reads every `<script type="importmap">` of the page; later maps add to earlier ones. */
export function readImportMap(doc: Document = document): ImportMap {
  const imports: Record<string, string> = {};
  for (const script of doc.querySelectorAll('script[type="importmap"]')) {
    try {
      const map = JSON.parse(script.textContent ?? '{}') as Partial<ImportMap>;
      Object.assign(imports, map.imports ?? {});
    } catch {
      // An unreadable map maps nothing.
    }
  }
  return { imports };
}
