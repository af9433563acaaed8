import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

/** ui.css is linked at run time by src/stylesheet.ts from beside ui.js. */
function emitStylesheet(): Plugin {
  return {
    name: 'erp-ui-stylesheet',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'ui.css', source: readFileSync(new URL('./src/ui.css', import.meta.url), 'utf8') });
    },
  };
}

// apps/ui/dist/ui.js — React, @erp/shared and every other import-map specifier stay external.
export default defineConfig(libraryConfig({ entries: { ui: 'src/index.ts' }, plugins: [react(), emitStylesheet()] }));
