/**
 * @erp/portal — the micro-app of the customer portal's screens. It builds none of its own: they are the portal
 * module's (modules/portal/screens, module.json `app`), added by the build (`moduleApp` in vite.library.ts).
 */
export {};
