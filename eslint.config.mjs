// Lint rules that keep Counterpart's structure by themselves (run by `npm test`). Import cycles and layer boundaries
// are checked by dependency-cruiser (.dependency-cruiser.cjs), which resolves the `@/` paths the way tsc does.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.next/**', 'node_modules/**', 'sdk/dist/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Node's globals, for the plain JavaScript scripts (TypeScript files are checked by tsc instead of no-undef).
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      // `_name` marks a value left unused on purpose (a destructured field dropped, an ignored parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description' }],
      'no-restricted-syntax': ['error', { selector: 'Program > ExpressionStatement > Literal[value=/TODO|FIXME/]', message: 'No TODOs: file an issue.' }],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  {
    // Tests and benchmarks may read loosely typed JSON.
    files: ['**/*.test.ts', 'e2e/**', 'bench/**', '**/testing/**', '**/_testing/**', '**/testing.ts', '**/*.fixture.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
