import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports each package may not make: the dependency direction of ARCHITECTURE.md, enforced. */
const forbid = (names, message, patterns = [], paths = []) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [...names.map((name) => ({ name, message })), ...paths],
      patterns: [{ group: names.map((name) => `${name}/*`), message }, ...patterns],
    },
  ],
});

const NAMED_EXPORTS = { selector: 'ExportDefaultDeclaration', message: 'Use named exports (house style).' };

/**
 * The site reads a result's figures and notices from its job's view (issue 31): the names of the report headers
 * (`X-…`, written as headers are; OpenAPI's own keys are `x-…`) live only in shared's header table (`REPORT_SPECS`)
 * and the API reference, which the web reads from the OpenAPI document.
 */
const REPORT_HEADERS_MESSAGE =
  'The web reads a result’s figures and notices from its job view (`result.report`, `notices`), never from headers.';
const NO_REPORT_HEADERS = {
  selector: 'Literal[value=/^X-/], TemplateElement[value.raw=/^X-/]',
  message: REPORT_HEADERS_MESSAGE,
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'packages/e2e/artifacts/**',
      // The set-up's state, the page builds among it (scripts/page-builds.mjs).
      '.quire/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
      'no-restricted-syntax': ['error', NAMED_EXPORTS],
    },
  },
  {
    // A package is reached by its name, never through a relative path into it (issue 31): its tests and benches too.
    // Test support that several packages use lives in @quire/test-kit.
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    // The web reads content/ (data, no package) at build time, and shared the API reference's English words in it
    // and the words tools write into their results (content/reports).
    files: [
      'packages/web/**',
      'packages/shared/src/api/tool-words.ts',
      'packages/shared/src/reports/report-words.ts',
    ],
    rules: { 'import-x/no-relative-packages': ['error', { ignore: ['^(\\.\\./)+content/'] }] },
  },
  {
    // Test support stays out of what ships: the server bundle, the worker and the pages.
    files: ['packages/{shared,engine,server}/src/**', 'packages/web/app/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@quire/test-kit', '@quire/test-kit/*', '@quire/corpus'],
              message: 'test support only',
            },
          ],
        },
      ],
    },
  },
  {
    // Config files need a default export.
    files: ['**/*.config.{js,ts}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/web/app/**'],
    rules: { 'no-restricted-syntax': ['error', NAMED_EXPORTS, NO_REPORT_HEADERS] },
  },
  {
    // React Router route modules and its server entry need a default export.
    files: [
      'packages/web/app/root.tsx',
      'packages/web/app/entry.server.tsx',
      'packages/web/app/routes.ts',
      'packages/web/app/routes/**',
    ],
    rules: { 'no-restricted-syntax': ['error', NO_REPORT_HEADERS] },
  },
  {
    files: ['packages/shared/**'],
    rules: forbid(
      ['@quire/engine', '@quire/server', '@quire/web', '@quire/e2e', 'react', 'fastify'],
      'shared is isomorphic and imports nothing internal',
      [{ group: ['node:*'], message: 'shared runs in the browser too: no Node APIs' }],
    ),
  },
  {
    files: ['packages/engine/**'],
    rules: forbid(
      [
        '@quire/server',
        '@quire/web',
        '@quire/e2e',
        // The in-process test server is the server's.
        '@quire/test-kit/test-app',
        'react',
        'react-dom',
        'fastify',
        '@fastify/multipart',
        'node:http',
        'http',
      ],
      'the engine does document work only: no HTTP, no UI',
    ),
  },
  {
    files: ['packages/server/**'],
    rules: forbid(
      ['@quire/web', '@quire/e2e', 'react', 'react-dom'],
      'the server speaks HTTP; the web is served as files',
    ),
  },
  {
    // A job's life (jobs/) and its cluster (cluster/) know nothing of HTTP: the routes call them, never the reverse.
    files: ['packages/server/src/jobs/**', 'packages/server/src/cluster/**'],
    rules: forbid(
      ['@quire/web', '@quire/e2e', 'react', 'react-dom'],
      'the server speaks HTTP; the web is served as files',
      [{ group: ['**/http/*'], message: 'jobs/ and cluster/ do not import http/: the routes call them' }],
    ),
  },
  {
    files: ['packages/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: forbid(
      ['@quire/engine', '@quire/server', '@quire/e2e', 'fastify'],
      'the web talks to the server over its HTTP API',
      [{ group: ['node:*'], message: 'no Node APIs in the browser bundle' }],
      [
        {
          name: '@quire/shared',
          importNames: ['NOTICES_HEADER', 'parseNotices', 'formatNotices', 'reportHeaders'],
          message: REPORT_HEADERS_MESSAGE,
        },
      ],
    ),
  },
  {
    // Build configuration and the build steps it calls run in Node at build time and are never bundled.
    files: ['packages/web/*.config.ts', 'packages/web/build-time/**'],
    rules: forbid(
      ['@quire/engine', '@quire/server', '@quire/e2e', 'fastify'],
      'the web talks to the server over its HTTP API',
    ),
  },
  {
    files: ['packages/e2e/**'],
    rules: forbid(
      ['@quire/engine', '@quire/server', '@quire/web', '@quire/test-kit/test-app'],
      'e2e drives the running site over HTTP',
    ),
  },
  prettier,
);
