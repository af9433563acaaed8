/**
 * @erp/payroll — the micro-app of the Payroll application (NOVUS-PR, issue 29). Its screens are the payroll
 * module's (modules/pr/screens, added by the build: `moduleApp` in vite.library.ts).
 */
export {};
