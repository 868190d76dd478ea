import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { declaredImports } from './scripts/lint/declaredImports.mjs';
import { importCycles } from './scripts/lint/importCycles.mjs';
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
      'e2e/baseline/**',
      'releases/**',
      'e2e/.releases/**',
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
  // Declared imports: every package a file imports is declared by its workspace's package.json (code
  // that ships by its dependencies; tests, configs and tools by devDependencies too): see
  // scripts/lint/declaredImports.mjs and its test.
  {
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { 'declared-imports': declaredImports },
    rules: { 'declared-imports/imports': 'error' },
  },
  // Import cycles: none anywhere, `import type` and dynamic `import()` included; relative imports and
  // @fu/shared's exports make the graph. See scripts/lint/importCycles.mjs and its test.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    plugins: { 'import-cycles': importCycles },
    rules: { 'import-cycles/imports': 'error' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Server layers (docs/server-layers.md): routes → services → repositories → db. One entry per
  // folder of server/src, naming what its files may not import; the folders do not overlap.
  ...(() => {
    const layer = (what, message) => ({ group: what, message: `${message} (docs/server-layers.md)` });
    const routes = layer(['**/routes/**'], 'Only app.ts registers routes: no other layer imports one.');
    const plugins = layer(['**/plugins/**'], 'Plugins only wire: reach what they decorate through `app`.');
    const services = layer(
      ['**/services/**'],
      'Repositories and adapters hold no business rule: never call a service.',
    );
    const fastify = layer(['fastify', 'fastify-plugin', '@fastify/*'], 'Only routes and plugins know HTTP.');
    const sql = layer(['drizzle-orm', 'drizzle-orm/*', '**/db/schema'], 'SQL lives in repositories.');
    const httpErrors = layer(
      ['**/errors'],
      'No HTTP errors below the services: answer a plain result (undefined, false, an outcome) and let the service decide.',
    );
    const forbid = (folders, patterns) => ({
      files: folders.map((folder) => `server/src/${folder}/**/*.ts`),
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    });
    return [
      forbid(['routes'], [plugins, sql]),
      forbid(['services'], [routes, plugins, fastify, sql]),
      forbid(['repositories', 'db', 'cache', 'import'], [services, routes, plugins, httpErrors]),
      forbid(['tickets'], [services, routes, plugins, sql]),
      forbid(
        ['sms', 'email', 'outbox', 'payments', 'storage', 'security', 'html'],
        [services, routes, plugins, fastify],
      ),
      forbid(['plugins'], [routes]),
    ];
  })(),
);
