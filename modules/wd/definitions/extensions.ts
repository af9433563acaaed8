/**
 * What Waste Disposal adds to the modules below it (issue 73 item 4): its menu (modules/wd/server/catalog.ts) shows
 * Order Entry's holidays and price tables and mounts the shell's firm screen — said here, not by their owners. Its
 * own file, light on purpose: every micro-app bundle carries it (vite.library.ts).
 */
import type { ModuleExtensions } from '@erp/shared/entities/index';
import { showIn } from '@erp/shared/entities/define';

export const extensions: ModuleExtensions = {
  extends: [...showIn('NOVUS-WD', 'holiday', 'price-table'), { entity: 'firm', routes: ['/novus-wd/firm-maintenance'] }],
};
