// Type-aware rules only: Biome (biome.json) formats and lints everything else. These four need the
// TypeScript checker, which Biome does not have: a promise nobody awaits or handles, a promise where
// a callback's return is ignored, `await` on something that is not a thenable, a `switch` over a
// union that misses a member.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/src/generated/**',
      'docs-site/**',
      '**/.tmp/**',
      '.nx/**',
      '**/*.d.mts',
    ],
  },
  {
    files: ['**/*.ts', '**/*.mts', '**/*.cts', '**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // One program over every file (tsconfig.eslint.json): a program per package tsconfig parsed and
        // checked the standard library, @types/node and vitest nine times (66 s of CPU instead of 40).
        project: ['./tsconfig.eslint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
);
