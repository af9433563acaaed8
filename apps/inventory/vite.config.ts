import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { moduleApp } from '../../vite.library.ts';

// apps/inventory/dist/inventory.js — the modules' screens for this app (module.json `app`) and their definitions are
// bundled; React, single-spa-react, @erp/shared, the entity registry, @erp/ui and @erp/records stay external
// (import map). JSX uses the automatic runtime.
export default defineConfig(moduleApp('inventory', { plugins: [react({ jsxRuntime: 'automatic' })] }));
