import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/inventory/dist/inventory.js — React, react-dom/client, react/jsx-runtime, single-spa-react, @erp/shared and @erp/ui
// stay external (import map); JSX uses the automatic runtime.
export default defineConfig(libraryConfig({ entries: { inventory: 'src/index.tsx' }, plugins: [react({ jsxRuntime: 'automatic' })] }));
