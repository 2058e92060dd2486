// ESLint flat config. Besides code quality, it enforces the architecture:
// where `electron` may be imported, and what the renderer, shared code and the
// sandbox may not reach into. See docs/architecture.md ("Layers").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { builtinModules } from 'node:module';
import svelteConfig from './renderer/svelte.config.js';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const noElectron = {
  name: 'electron',
  message:
    "Only electron/main.ts, electron/preload.ts and electron/shell/ may import 'electron'. Take what you need as a constructor argument.",
};

const noSandboxInMain =
  'The Demo broker runs in its own process (sandbox/child.ts, started by electron/core/demo/); the app never imports the sandbox.';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'release/',
      'test-results/',
      'playwright-report/',
      '.cache/',
      'renderer/dist/',
      'sandbox/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // CommonJS on purpose: electron-builder's config and the `node -r` hooks that load the bundle.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Promises that nobody awaits lose errors, and in a trading app a lost error can be a lost order.
    files: ['electron/**/*.ts', 'sandbox/**/*.ts', 'shared/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false } },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'], svelteConfig },
    },
  },
  {
    // One redacting logger (electron/core/diagnostics/logger.ts): console output skips
    // redaction, the log file and the support bundle.
    files: ['electron/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  // --- architecture -----------------------------------------------------------
  {
    files: ['**/*.{ts,js,mjs,cjs,svelte}'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**', 'tests/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    // The Demo broker runs in its own process (electron/core/demo/): the app talks to it
    // over a message channel and HTTP, never by importing it into the main process.
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [{ group: ['**/sandbox/**'], message: noSandboxInMain }],
        },
      ],
    },
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/sandbox/**'], message: noSandboxInMain }] },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,js,svelte}'],
    ignores: ['renderer/vite.config.ts', 'renderer/svelte.config.js'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            noElectron,
            ...nodeBuiltins.map((name) => ({
              name,
              message: 'The renderer is sandboxed: no Node built-ins.',
            })),
          ],
          patterns: [
            {
              group: ['**/electron/**'],
              message: 'The renderer talks to the main process only through the typed api object.',
            },
            { group: ['**/sandbox/**'], message: 'The renderer never imports the sandbox broker.' },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            noElectron,
            ...nodeBuiltins.map((name) => ({
              name,
              message: 'shared/ runs in the renderer too: no Node built-ins.',
            })),
          ],
          patterns: [
            {
              group: ['**/electron/**', '**/sandbox/**', '**/renderer/**'],
              message: 'shared/ depends on nothing but itself and pure libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            {
              group: ['**/electron/**', '**/renderer/**'],
              message: 'The sandbox broker is independent of the app: it may use shared/ only.',
            },
          ],
        },
      ],
    },
  },
);
