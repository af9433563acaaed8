import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/frames/dist/frames.js (+ frames.css) — React, react-dom/client, single-spa-react, @erp/shared, @erp/ui and every
// other import-map specifier stay external; JSX uses the automatic runtime.
export default defineConfig(
  libraryConfig({ entries: { 'frames': 'src/index.tsx' }, stylesheet: 'src/frames.css', plugins: [react({ jsxRuntime: 'automatic' })] }),
);
