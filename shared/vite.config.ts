import { defineConfig } from 'vite';
import { libraryConfig } from '../vite.library.ts';

// shared/dist/erp-shared.js — rxjs, i18next and oidc-client-ts stay external (import map).
export default defineConfig(libraryConfig({ entries: { 'erp-shared': 'src/index.ts' } }));
