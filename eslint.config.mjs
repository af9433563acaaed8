// ESLint (flat config): typescript-eslint's recommended rules (syntax only, not type-checked: fast), the two
// React hooks rules on the React code, no-console. The import rules (which folder may import which) are
// dependency-cruiser's, on resolved paths: .dependency-cruiser.cjs. `npm run lint` runs both.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.test-data/**', '.reports/**', 'test-results/**', 'playwright-report/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // `console.warn` / `console.error` report failures the shell survives (root-config, the server's pool);
      // a `console.log` left in is a mistake unless the line says why (eslint-disable-next-line no-console).
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // `_`-prefixed names are the code's way of saying "deliberately unused" (parameters kept for the signature,
      // rest siblings that drop a key).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // React code: the micro-apps, the modules' screens (a document folder's screen/ too) and the shared hooks.
    files: ['apps/*/src/**/*.{ts,tsx}', 'modules/*/screens/**/*.{ts,tsx}', 'modules/*/documents/*/screen/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Node scripts (benchmarks, the test runner, build checks): the console is their output. The benchmarks'
    // `page.evaluate` callbacks run in the browser.
    files: ['**/*.{mjs,cjs,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['scripts/bench*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Plain browser scripts: the demo partner site's pages and the custom elements' demo page.
    files: ['server/src/partner/assets/**/*.js', 'shell-elements/demo/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
