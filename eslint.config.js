import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Module files that still write SQL outside a repository (docs/architecture.md, "Layers"): a ratchet that may only
// shrink; test/architecture/lint-walls.test.ts fails when it gains an entry or keeps one that no longer offends.
const sqlOutsideRepositories = JSON.parse(
  fs.readFileSync(new URL('./apps/server/sql-outside-repositories.json', import.meta.url), 'utf8'),
).files;

/**
 * The web's files that may call fetch or XMLHttpRequest themselves (docs/architecture.md, "How does the web call
 * REST?"): the fetch under both clients, the readiness probe, and binary transfers with no JSON answer (signed
 * uploads and downloads, images, PDF bytes). Every call of Obra's JSON API goes through lib/api/rest-client.ts.
 * apps/server/test/architecture/web-rest-wall.test.ts checks the wall and this list.
 */
export const WEB_RAW_TRANSFERS = [
  // The fetch under the REST and GraphQL clients: reports a 503 (maintenance) before handing the answer on.
  'apps/web/src/lib/service-status.ts',
  // GET /readyz: a health probe whose 503 is an answer, polled by the maintenance page.
  'apps/web/src/lib/api/readiness.ts',
  // Binary transfers: PUT of file bytes to signed addresses, with upload progress (XMLHttpRequest).
  'apps/web/src/features/drive/drive-api.ts',
  'apps/web/src/features/issues/edit/upload-file.ts',
  'apps/web/src/components/image-cropper/upload-profile-image.ts',
  // Binary transfers: a BCF package upload with progress, and the export's package from its signed address.
  'apps/web/src/features/bcf/bcf-api.ts',
  // Binary transfers: images and PDF bytes from signed addresses.
  'apps/web/src/editor/canvas/image-loader.ts',
  'apps/web/src/features/viewer/sheet-source.ts',
  // Binary transfers for offline reading (docs/offline.md): thumbnails into the per-user cache, and the service
  // worker's network-first pass for images.
  'apps/web/src/lib/offline/project-sync.ts',
  // …and the page previews of the drawings kept offline, from their signed addresses.
  'apps/web/src/lib/offline/drawing-store.ts',
  'apps/web/src/sw/sw.ts',
];

const REST_WALL =
  "the web calls Obra's REST API through its one typed client: api.get/post/… of lib/api/rest-client.ts " +
  '(paths, bodies and answers typed from docs/openapi.json). A binary transfer goes in WEB_RAW_TRANSFERS.';

/** Drizzle and the table definitions: what SQL is written with. Types may still be named (`import type`). */
const SQL_IMPORTS = ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*', '**/db/schema/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      'apps/web/src/gql/generated.ts',
      'apps/server/src/db/migrations/**',
      'apps/server/scratch/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Dependency direction (DESIGN §2): domain is pure and imports nothing of the apps; apps do not import each other.
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@obra/server', '@obra/web', '**/apps/**'],
              message: 'domain must not import the apps.',
            },
            {
              // Only its own files, zod, and vitest in its tests: no I/O, no framework, no database driver.
              regex: '^(?!\\.{1,2}/|zod$|vitest$)',
              message:
                'domain is pure: it imports only its own files and zod (vitest in tests), no I/O, no frameworks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@obra/web', '**/apps/web/**'], message: 'server must not import the web app.' },
          ],
        },
      ],
    },
  },
  // The edge is thin (docs/architecture.md): GraphQL resolvers and REST routes call services and present what they
  // return; SQL and the database live in modules/. Types of the schema may still be named (`import type`).
  {
    files: ['apps/server/src/graphql/**/*.ts', 'apps/server/src/http/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '**/db/**'],
              allowTypeImports: true,
              message:
                'the edge (GraphQL resolvers, REST routes) runs no SQL: call a service of modules/<area> (types may be imported).',
            },
          ],
        },
      ],
    },
  },
  // In a module, SQL lives in its repositories (`*-repository.ts`, or `*-sql.ts` for statements built in pieces);
  // services and the rest hold the rules. The files of sqlOutsideRepositories are today's exceptions.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**/*-repository.ts',
      'apps/server/src/modules/**/*-sql.ts',
      ...sqlOutsideRepositories,
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: SQL_IMPORTS,
              allowTypeImports: true,
              message:
                'SQL lives in a repository: move this query to modules/<area>/*-repository.ts (types may be imported).',
            },
          ],
        },
      ],
    },
  },
  // One writer of an issue's history (docs/architecture.md, "where is a history entry written?"): every entry goes
  // through writeIssueHistory, so the BCF import, comments and issues cannot each write their own shape of it.
  {
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/modules/issues/issue-activity-repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='insert'][arguments.0.name='issueHistory']",
          message:
            'a history entry is written only by writeIssueHistory (modules/issues/issue-activity-repository.ts).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@obra/server', '**/apps/server/**'], message: 'web must not import the server.' },
          ],
        },
      ],
    },
  },
  // One REST client on the web: no hand-written fetch of a JSON endpoint (WEB_RAW_TRANSFERS are the exceptions).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [...WEB_RAW_TRANSFERS, 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: REST_WALL },
        { name: 'XMLHttpRequest', message: REST_WALL },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) => [
          { object, property: 'fetch', message: REST_WALL },
          { object, property: 'XMLHttpRequest', message: REST_WALL },
        ]),
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', 'bench/**', 'apps/server/src/cli/**', 'apps/server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
