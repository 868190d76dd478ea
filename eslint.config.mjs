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
    // One router on the page: apps take it from '@fu/shared' (see shared/src/router.ts; a server build's
    // StaticRouter from shared/src/server.ts).
    files: ['shell/src/**', 'remote-*/src/**', 'shared/src/**'],
    ignores: ['shared/src/router.ts', 'shared/src/server.ts'],
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
  // Server layers (docs/server-layers.md): routes → services → repositories → db. One entry per zone
  // of server/src (a folder, or the root's leaves), naming what its files may not import; the zones do
  // not overlap, and a file in none of them fails on its own (the last entry), so that a new folder
  // or root file is given a zone rather than escaping the rule.
  ...(() => {
    const layer = (what, message) => ({ group: what, message: `${message} (docs/server-layers.md)` });
    const routes = layer(['**/routes/**'], 'Only app.ts registers routes: no other layer imports one.');
    const plugins = layer(['**/plugins/**'], 'Plugins only wire: reach what they decorate through `app`.');
    const services = layer(
      ['**/services/**'],
      'Below the services (repositories, adapters, leaves) no business rule: never call a service.',
    );
    const repositories = layer(
      ['**/repositories', '**/repositories/**'],
      'A leaf reads no database: take what it needs as an argument.',
    );
    const fastify = layer(['fastify', 'fastify-plugin', '@fastify/*'], 'Only routes and plugins know HTTP.');
    const sql = layer(['drizzle-orm', 'drizzle-orm/*', '**/db/schema'], 'SQL lives in repositories.');
    const httpErrors = layer(
      ['**/errors'],
      'No HTTP errors below the services: answer a plain result (undefined, false, an outcome) and let the service decide.',
    );
    const ROOTS = ['app.ts', 'main.ts', 'serve-remote.ts'];
    // Each domain folder (orders/, payments/, …, platform/) holds its layers as sub-folders; the
    // files at a domain's own root are its leaves (wording, rules, the runtime config's shape).
    const ADAPTERS = [
      'messaging/sms/**',
      'messaging/email/**',
      'messaging/outbox/**',
      'payments/gateway/**',
      'platform/storage/**',
      'platform/security/**',
      'pages/html/**',
      'pages/render/**',
    ];
    const zones = [
      // The composition roots: the API's app and its start, and the remotes' file server.
      { files: ROOTS, forbidden: [] },
      { files: ['*/routes/**'], forbidden: [plugins, sql] },
      { files: ['*/services/**'], forbidden: [routes, plugins, fastify, sql] },
      {
        files: ['*/repositories/**', 'platform/db/**', 'platform/cache/**', 'catalog/import/**'],
        forbidden: [services, routes, plugins, httpErrors],
      },
      // Adapters to the outside: texts, e-mail and their outbox, the card gateway, file storage,
      // tokens, the page's HTML and the render worker.
      { files: ADAPTERS, forbidden: [services, routes, plugins, fastify] },
      { files: ['*/plugins/**'], forbidden: [routes] },
      // The leaves: a domain's own root files, configuration, the HTTP helpers and the messages every domain uses.
      {
        files: ['*/*.ts', 'platform/config/**', 'platform/http/**', 'platform/i18n/**'],
        ignores: ['scripts/*.ts'],
        forbidden: [services, routes, plugins, repositories, sql],
      },
      // The payment sandbox: an app of its own that shares only configuration with the API.
      { files: ['payments/sandbox/**'], forbidden: [services, routes, plugins, repositories, sql] },
      // The operator's commands (migrate, import): scripts of their own over the database.
      { files: ['scripts/**'], forbidden: [services, routes, plugins] },
    ];
    const under = (globs) => globs.map((glob) => `server/src/${glob.endsWith('**') ? `${glob}/*.ts` : glob}`);
    return [
      ...zones.map(({ files, ignores = [], forbidden }) => ({
        files: under(files),
        ignores: under(ignores),
        rules: { 'no-restricted-imports': ['error', { patterns: forbidden }] },
      })),
      {
        files: ['server/src/**/*.ts'],
        ignores: zones.flatMap(({ files }) => under(files)),
        rules: {
          'no-restricted-syntax': [
            'error',
            {
              selector: 'Program',
              message:
                'This file is in no zone of the server layers: give its folder one in eslint.config.mjs ' +
                '(docs/server-layers.md).',
            },
          ],
        },
      },
    ];
  })(),
);
