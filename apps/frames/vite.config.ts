import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

/** frames.css is linked at run time by src/stylesheet.ts from beside frames.js (strict CSP: no inline styles). */
function emitStylesheet(): Plugin {
  return {
    name: 'erp-frames-stylesheet',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'frames.css', source: readFileSync(new URL('./src/frames.css', import.meta.url), 'utf8') });
    },
  };
}

// apps/frames/dist/frames.js — React, react-dom/client, single-spa-react, @erp/shared, @erp/ui and every other
// import-map specifier stay external; JSX uses the automatic runtime.
export default defineConfig(
  libraryConfig({ entries: { frames: 'src/index.tsx' }, plugins: [react({ jsxRuntime: 'automatic' }), emitStylesheet()] }),
);
