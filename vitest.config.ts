/** Unit tests of the browser packages that need no browser (the server has its own config in server/). */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/src/**/*.test.ts', 'root-config/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'modules/*/{definitions,screens}/**/*.test.ts'],
  },
});
