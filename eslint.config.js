import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tierZones } from './apps/api/module-tiers.mjs';

// Every folder of apps/web/src/features is a feature, read at lint time so that a new one is kept apart
// from the others without anyone remembering to list it here.
const webFeatures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/web/src/features');
const features = fs
  .readdirSync(webFeatures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The API's layers, each importing only those below it (apps/api/src). */
const api = (folder) => `./apps/api/src/${folder}`;

/** What a credential change ends is decided in one place (ADR 0039). */
const credentialGrants = {
  group: ['**/credential-grants/repository.js'],
  message: 'End what a credential change ends with endCredentialGrants (modules/kernel/credential-grants/credential-change.ts).',
};

/** A module's route groups: routes.ts, and any more of them in a file named *-routes.ts. */
const routesFiles = ['apps/api/src/modules/*/*/routes.ts', 'apps/api/src/modules/*/*/*-routes.ts'];

/** What two route groups share lives in a service; app.ts alone puts route groups together. */
const routesImports = {
  group: ['**/routes.js', '**/routes', '**/*-routes.js', '**/*-routes', '!**/lib/api-routes.js'],
  message: 'A routes file never imports another routes file: share a service.',
};

/** Routes parse, authorise, call a service and answer; the service reads and writes through repositories. */
const repositoryImports = {
  group: ['**/repository.js', '**/*-repository.js'],
  message: 'A routes file calls a service, never a repository.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/build/**', '**/.react-router/**', 'node_modules/**', '.tmp/**', 'bench/results/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Features never import each other; routes compose them, and what two features share lives in components/ or lib/.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
            })),
            // app/ and islands/ are the two entries (the SPA and the public pages' scripts): nothing imports them.
            { target: './apps/web/src/features', from: ['./apps/web/src/app', './apps/web/src/islands'] },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/islands'] },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components', './apps/web/src/islands'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/query-client.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message: 'After a write, refetchAfterWrite (lib/query-client.ts): invalidateQueries alone keeps an answer read before it.',
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [{ target: './packages/shared', from: './apps' }] }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      // Fastify wiring (plugins/) and infrastructure (infra/) serve the modules and never import them;
      // lib/ is plain code that imports none of the three. app.ts hands a plugin what it needs from a module.
      // config.ts is read before anything starts and imports no module. The modules' tiers (kernel,
      // domain, operations) come from their folders: a module imports none of a higher tier.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: api('plugins'), from: api('modules'), message: 'A plugin imports no module: app.ts passes it what it needs.' },
            { target: api('infra'), from: [api('modules'), api('plugins')], message: 'Infrastructure imports no module and no plugin.' },
            {
              target: api('lib'),
              from: [api('modules'), api('plugins'), api('infra')],
              message: 'lib/ imports no module, plugin or infra.',
            },
            {
              target: api('config.ts'),
              from: api('modules'),
              message: 'config.ts imports no module: move what it checks to lib/ or infra/.',
            },
            { target: api('db'), from: api('modules'), message: 'db/ imports no module.' },
            ...tierZones(),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    // Signing out everywhere (auth) ends sessions without changing a credential.
    ignores: ['apps/api/src/modules/domain/auth/**', 'apps/api/src/modules/kernel/credential-grants/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [credentialGrants] }],
    },
  },
  {
    files: routesFiles,
    rules: {
      // A later block's options replace an earlier one's for the same rule, so the routes files
      // carry the credential rule too.
      'no-restricted-imports': ['error', { patterns: [credentialGrants, routesImports, repositoryImports] }],
    },
  },
  {
    files: ['apps/api/src/db/migrations/**/*.ts'],
    rules: {
      // Migrations are frozen in time: they must not depend on application code.
      'no-restricted-imports': ['error', { patterns: ['../../*', '@visa/*'] }],
    },
  },
);
