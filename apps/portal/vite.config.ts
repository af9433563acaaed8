import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/portal/dist/portal.js (+ portal.css) — React, react-dom/client, single-spa-react, @erp/shared, @erp/ui and every
// other import-map specifier stay external; JSX uses the automatic runtime.
export default defineConfig(
  libraryConfig({ entries: { 'portal': 'src/index.tsx' }, stylesheet: 'src/portal.css', plugins: [react({ jsxRuntime: 'automatic' })] }),
);
