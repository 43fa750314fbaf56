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
  {
    // Plain JavaScript files run directly by Node: the launcher (CommonJS) and small scripts.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: nodeGlobals },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
