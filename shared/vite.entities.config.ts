import { defineConfig } from 'vite';
import { libraryConfig } from '../vite.library.ts';

// shared/dist/entities.js — the entity registry `@erp/shared/entities/index` (import map): the shell's entity
// definitions and the registry business modules add theirs to. One copy per page, shared by the generic screens of
// @erp/records and every business micro-app; the shell's boot does not load it. A build of its own (after
// vite.config.ts, keeping its output) so the boot's erp-shared.js shares no chunk with it.
const config = libraryConfig({ entries: { entities: 'src/entities/index.ts' } });
export default defineConfig({ ...config, build: { ...config.build, emptyOutDir: false } });
