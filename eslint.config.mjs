// ESLint flat config: the recommended JavaScript and typescript-eslint rules, nothing stylistic
// (Prettier owns formatting).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Node's CommonJS globals, listed by hand rather than through the `globals` package, which is not
// a direct dependency.
const nodeGlobals = {
  require: 'readonly',
  module: 'writable',
  exports: 'writable',
  __dirname: 'readonly',
  __filename: 'readonly',
  process: 'readonly',
  console: 'readonly',
  Buffer: 'readonly',
  URL: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
};

/** A folder under src/ and the other src/ folders (and packages) it must not import. */
const LAYER_RULES = [
  {
    files: ['src/shared/**'],
    forbid: ['core', 'main', 'preload', 'server', 'cli', 'renderer'],
    packages: ['electron', 'node:*'],
    why: 'src/shared is the contract both sides import: it imports nothing outside src/shared',
  },
  {
    files: ['src/core/**'],
    forbid: ['main', 'preload', 'server', 'cli', 'renderer'],
    packages: ['electron'],
    why: 'the core runs in plain Node under every front door: it never imports Electron or a front door',
  },
  {
    files: ['src/server/**'],
    forbid: ['main', 'preload', 'cli', 'renderer'],
    packages: ['electron'],
    why: '`serve` is a front door over src/core/app: no Electron, no CLI',
  },
  {
    files: ['src/main/**'],
    forbid: ['server', 'cli', 'renderer'],
    packages: [],
    why: 'the Electron shell binds src/core/app to IPC and nothing else',
  },
  {
    files: ['src/cli/**'],
    forbid: ['main', 'preload', 'renderer'],
    packages: ['electron'],
    why: 'the CLI runs src/core without Electron',
  },
  {
    files: ['src/renderer/**'],
    forbid: ['core', 'main', 'preload', 'server', 'cli'],
    packages: ['electron', 'node:*'],
    why: 'the dashboard is untrusted web code: it reaches the core only through MountbenchApi (src/shared)',
  },
  {
    files: ['src/preload/**'],
    forbid: ['core', 'main', 'server', 'cli', 'renderer'],
    packages: [],
    why: 'the preload bundles only the bridge from src/shared',
  },
];

function importRules() {
  return LAYER_RULES.map(({ files, forbid, packages, why }) => ({
    files,
    // Tests may reach across (a shared schema test uses the core's sample run); production code may not.
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Relative paths that climb out to a forbidden src/ folder, e.g. ../../cli/commands/x.
            ...forbid.map((folder) => ({ group: [`**/../${folder}`, `**/../${folder}/**`], message: why })),
            ...(packages.length ? [{ group: packages, message: why }] : []),
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  {
    ignores: [
      '.scratch/',
      'out/',
      'dist/',
      'node_modules/',
      'coverage/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  // Who may import whom (docs/architecture.md, "Layers"): enforced, not only written.
  ...importRules(),
  {
    // Plain JavaScript files run directly by Node: the launcher (CommonJS) and small scripts.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: nodeGlobals },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
