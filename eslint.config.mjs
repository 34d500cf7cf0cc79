// ESLint for the page's modules (web/src) and the node tools and tests:
// the recommended rules, undefined and unused names, and modern syntax.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build/**', 'dist/**', 'node_modules/**', 'web/qipan.js', 'web/qipan-first.js', 'web/emcc/**'] },
  js.configs.recommended,
  {
    files: ['web/src/**/*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, qipanPublish: 'readonly', QIPAN_SITE: 'readonly' },
    },
    rules: {
      'no-undef': 'error',
      'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'none' }],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
  {
    files: ['web/src/engine/worker.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  {
    // The site's service worker: a classic worker script, made into dist/site/sw.js.
    files: ['web/site/sw.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'script', globals: { ...globals.serviceworker } },
    rules: { 'no-undef': 'error', 'no-unused-vars': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'commonjs', globals: { ...globals.node } },
    rules: {
      'no-undef': 'error',
      'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'none' }],
    },
  },
  {
    // page.evaluate() callbacks run in the page.
    files: ['tests/browser/**/*.cjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser, Qipan: 'readonly' } },
  },
];
