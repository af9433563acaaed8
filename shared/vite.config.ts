import { defineConfig } from 'vite';
import { libraryConfig } from '../vite.library.ts';

// shared/dist/erp-shared.js — rxjs, i18next and oidc-client-ts stay external (import map). The sanitizer is its own
// entry (`@erp/shared/sanitize` → shared/dist/sanitize.js): only screens that show HTML load it and DOMPurify.
// The entity registry is built separately (vite.entities.config.ts), so it shares no chunk with the boot's module.
export default defineConfig(libraryConfig({ entries: { 'erp-shared': 'src/index.ts', sanitize: 'src/sanitize.ts' } }));
