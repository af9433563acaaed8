import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/inventory/dist/inventory.js — React, react-dom/client, react/jsx-runtime, single-spa-react, @erp/shared and @erp/ui
// stay external (import map); the IC module's definitions (`@erp/shared/modules/ic/*`) and the exact decimals are
// bundled: they load with this module, not at boot. JSX uses the automatic runtime.
export default defineConfig(
  libraryConfig({
    entries: { inventory: 'src/index.tsx' },
    bundle: ['@erp/shared/modules/ic/*', '@erp/shared/decimal'],
    plugins: [react({ jsxRuntime: 'automatic' })],
  }),
);
