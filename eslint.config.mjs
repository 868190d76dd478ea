import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { remoteBoundaries } from './scripts/lint/remoteBoundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
  },
  {
    // One router on the page: apps take it from '@fu/shared' (see shared/src/router.ts).
    files: ['shell/src/**', 'remote-*/src/**', 'shared/src/**'],
    ignores: ['shared/src/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router-dom', message: "Import the router from '@fu/shared' (one shared router)." },
            { name: 'react-router', message: "Import the router from '@fu/shared' (one shared router)." },
          ],
        },
      ],
    },
  },
  // Remote boundaries (no cross-feature imports, no remote importing another)
  // A feature reaches another only through its index.ts; a remote's shared folders (components/,
  // hooks/, utils/, testing/) import no feature; remotes and the shell import none of each other's
  // files. The rule resolves relative paths itself: see scripts/lint/remoteBoundaries.mjs and its test.
  {
    files: ['remote-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}'],
    plugins: { 'remote-boundaries': remoteBoundaries },
    rules: { 'remote-boundaries/imports': 'error' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
