/**
 * What Trades adds to the modules below it (issue 73 item 4): its menu (modules/te/server/catalog.ts) mounts the
 * shell's firm screen at /firm — said here, not by the shell. Its own file, light on purpose: every micro-app
 * bundle carries it (vite.library.ts).
 */
import type { ModuleExtensions } from '@erp/shared/entities/index';

export const extensions: ModuleExtensions = { extends: [{ entity: 'firm', routes: ['/novus-te/firm'] }] };
