// ESLint over the page's TypeScript (src/, e2e/ and the configs), with
// typescript-eslint's type-aware rules: `npx eslint .` (scripts/test.sh runs it).
// The type information comes from tsconfig.json, so ../pkg (the wasm module's
// types) must be built first.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'test-results/', 'playwright-report/', 'node_modules/'] },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `const { points: _, ...rest } = o` drops a field on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // Async methods that implement a Promise-returning interface (the in-memory library) need no await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      // IndexedDB requests in the tests reject with their own `error` (a DOMException, typed as nullable).
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  // Plain JavaScript: the service worker, the examples' file server and this file.
  { files: ['public/sw.js'], languageOptions: { globals: globals.serviceworker } },
  { files: ['**/*.mjs', 'eslint.config.js'], languageOptions: { globals: globals.node } },
);
