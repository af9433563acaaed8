import { defineConfig } from 'vite';
import { moduleApp } from '../../vite.library.ts';

// apps/legacy/dist/legacy.js — the screens other modules' module.json `alsoIn` lists for this app, re-exported from
// the micro-app that builds them (external: import map), so the page holds one copy of each screen.
export default defineConfig(moduleApp('legacy'));
