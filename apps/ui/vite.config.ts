import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/ui/dist/ui.js (+ ui.css) — React, react-dom/client, single-spa-react, @erp/shared, @erp/ui and every
// other import-map specifier stay external; JSX uses the automatic runtime.
export default defineConfig(
  libraryConfig({ entries: { 'ui': 'src/index.ts' }, stylesheet: 'src/ui.css', plugins: [react({ jsxRuntime: 'automatic' })] }),
);
