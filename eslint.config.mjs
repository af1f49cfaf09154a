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
        // tools/lint.mjs passes the type check's programs (parserOptions.programs), which take the place of
        // this; an editor's ESLint, or `npx eslint FILE`, reads one program over every file instead of one
        // per package tsconfig (which parsed the standard library, @types/node and vitest nine times).
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
