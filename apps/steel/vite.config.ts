import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.library.ts';

// apps/steel/dist/steel.js — re-exports of shared screens; the modules that build them (@erp/accounting …) stay
// external (import map), so the page holds one copy of each screen.
export default defineConfig(libraryConfig({ entries: { steel: 'src/index.ts' } }));
