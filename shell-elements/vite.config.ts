import { defineConfig } from 'vite';
import { libraryConfig } from '../vite.library.ts';

// dist/shell-elements.js — lit and @erp/shared stay external (import map).
export default defineConfig(libraryConfig({ entries: { 'shell-elements': 'src/index.ts' } }));
