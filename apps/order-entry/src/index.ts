/**
 * @erp/order-entry — the micro-app of its application's screens. It builds none of its own yet: every screen its
 * menus name that another module builds is re-exported from that module's micro-app (module.json `alsoIn`,
 * added by the build: `moduleApp` in vite.library.ts), so the page holds one copy and the route catalog's
 * Components need no migration. Screens not exported are not in this release: the shell says so in their tabs.
 */
export {};
