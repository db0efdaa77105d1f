import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['auth', 'staff-accounts', 'applications', 'status-check', 'slides', 'marketing'];

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
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'] },
          ],
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
    files: ['apps/api/src/db/migrations/**/*.ts'],
    rules: {
      // Migrations are frozen in time: they must not depend on application code.
      'no-restricted-imports': ['error', { patterns: ['../../*', '@visa/*'] }],
    },
  },
);
