import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/home/dist/home.js — lit, @erp/shared and @erp/ui stay external (import map); the React application
// page is a separate chunk, loaded when an application page is first opened.
export default defineConfig(libraryConfig({ entries: { home: 'src/index.ts' } }));
