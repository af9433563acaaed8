import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/accounting/dist/accounting.js — React, react-dom/client, react/jsx-runtime, single-spa-react, @erp/shared,
// the entity registry (@erp/shared/entities/index), @erp/ui and @erp/records stay external (import map); the GL
// module's definitions (plain data, `@erp/shared/modules/gl/*`) are bundled: they load with this module, not at
// boot. JSX uses the automatic runtime.
export default defineConfig(
  libraryConfig({
    entries: { accounting: 'src/index.tsx' },
    bundle: ['@erp/shared/modules/gl/index', '@erp/shared/modules/gl/reports/index', '@erp/shared/modules/gl/reports/post-drafts', '@erp/shared/modules/gl/bank-reconciliation', '@erp/shared/decimal', '@erp/shared/modules/gl/fx-revaluation', '@erp/shared/modules/gl/year-end', '@erp/shared/modules/gl/reports/financial-statement', '@erp/shared/modules/ar/*'],
    plugins: [react({ jsxRuntime: 'automatic' })],
  }),
);
