import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/records/dist/records.js (+ records.css: the list's and the form's styles) — React, react-dom/client,
// single-spa-react, @erp/shared, @erp/ui and every other import-map specifier stay external; JSX uses the
// automatic runtime. The entity registry `@erp/shared/entities/index` is in the import map (one copy per page:
// business modules register their definitions into it); the other definition files are bundled: they are
// plain data and functions with no state, so a copy per module is harmless.
export default defineConfig(
  libraryConfig({
    entries: { records: 'src/index.tsx' },
    bundle: [
      '@erp/shared/entities/define',
      '@erp/shared/entities/validate',
      '@erp/shared/entities/messages',
      '@erp/shared/entities/common',
      '@erp/shared/entities/firm',
      '@erp/shared/decimal',
      '@erp/shared/reports/define',
      '@erp/shared/processes/define',
    ],
    stylesheet: ['src/records.css', 'src/form/form.css', 'src/report/report.css'],
    plugins: [react({ jsxRuntime: 'automatic' })],
  }),
);
