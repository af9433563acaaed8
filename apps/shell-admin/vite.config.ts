import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/shell-admin/dist/shell-admin.js (+ admin.css) — React, react-dom/client, single-spa-react, @erp/shared, @erp/ui and every
// other import-map specifier stay external; JSX uses the automatic runtime.
export default defineConfig(
  libraryConfig({ entries: { 'shell-admin': 'src/index.tsx' }, stylesheet: 'src/admin.css', plugins: [react({ jsxRuntime: 'automatic' })] }),
);
