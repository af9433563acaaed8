import { defineConfig } from 'vite';
import { moduleApp } from '../../vite.library.ts';

// apps/payroll/dist/payroll.js — the Payroll application's screens (modules/pr, module.json `app: "payroll"`).
export default defineConfig(moduleApp('payroll'));
