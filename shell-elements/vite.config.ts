import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { libraryConfig } from '../vite.library.ts';

const src = fileURLToPath(new URL('./src/', import.meta.url));
/** The folders of the staff elements (src/staff.ts); every other source file is the chrome's (src/chrome.ts). */
const STAFF = ['menu-bar/', 'tab-bar/', 'command-palette/', 'about/', 'staff.ts'];
const CHROME_SPECIFIER = '@erp/shell-elements/chrome';
const STAFF_SPECIFIER = '@erp/shell-elements/staff';

const isStaff = (file: string): boolean => STAFF.some((part) => relative(src, file).startsWith(part));

/**
 * Issue 69 item 3: three modules, no code twice. `chrome.js` bundles the chrome's sources; `staff.js` bundles the
 * staff elements and imports what they share with the chrome from `@erp/shell-elements/chrome` (src/chrome.ts
 * exports it); `shell-elements.js` is both, through the import map. A page loads one copy of each source file.
 */
function splitByPart(): Plugin {
  return {
    name: 'erp-shell-elements-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const target = resolve(dirname(importer), source);
      if (!target.startsWith(src)) return null;
      if (relative(src, importer) === 'index.ts') {
        if (target === resolve(src, 'chrome.ts')) return { id: CHROME_SPECIFIER, external: true };
        if (target === resolve(src, 'staff.ts')) return { id: STAFF_SPECIFIER, external: true };
        return null;
      }
      if (isStaff(importer) && !isStaff(target)) return { id: CHROME_SPECIFIER, external: true };
      return null;
    },
  };
}

// dist/shell-elements.js, dist/chrome.js, dist/staff.js — lit and @erp/shared stay external (import map).
export default defineConfig(
  libraryConfig({
    entries: { 'shell-elements': 'src/index.ts', chrome: 'src/chrome.ts', staff: 'src/staff.ts' },
    plugins: [splitByPart()],
  }),
);
