/**
 * Unit tests of the browser packages that need no browser (the server has its own config in server/). A document
 * folder's top-level `*.test.ts` are server tests (server/vitest.config.ts); its screen's unit tests sit in screen/.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/src/**/*.test.ts', 'shell-elements/scripts/**/*.test.ts', 'root-config/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'modules/*/{definitions,screens}/**/*.test.ts', 'modules/*/documents/*/screen/**/*.test.ts'],
    // The registry as a page has it: the shell's entities with every module's extensions (issue 41).
    setupFiles: ['modules/unit-setup.ts'],
  },
});
