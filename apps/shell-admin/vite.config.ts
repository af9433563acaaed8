import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

/** admin.css is linked at run time by src/stylesheet.ts from beside shell-admin.js (strict CSP: no inline styles). */
function emitStylesheet(): Plugin {
  return {
    name: 'erp-shell-admin-stylesheet',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'admin.css', source: readFileSync(new URL('./src/admin.css', import.meta.url), 'utf8') });
    },
  };
}

// apps/shell-admin/dist/shell-admin.js — React, react-dom/client, single-spa-react, @erp/shared, @erp/ui and every other
// import-map specifier stay external; JSX uses the automatic runtime.
export default defineConfig(
  libraryConfig({ entries: { 'shell-admin': 'src/index.tsx' }, plugins: [react({ jsxRuntime: 'automatic' }), emitStylesheet()] }),
);
