// @ts-check
/**
 * Lint for the whole tree (npm run lint, part of npm test). Decision 016 explains the
 * choices: typescript-eslint's type-checked rules, React hooks, accessibility for web,
 * and the architecture as boundaries between elements.
 */
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The architecture: every source folder of ours is an element; features are their own. */
const elements = [
  { type: 'contract', pattern: 'contract/src', partialMatch: false },
  { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'], partialMatch: false },
  { type: 'web', pattern: 'web', partialMatch: false },
  {
    type: 'server-feature',
    pattern: 'server/src/features/*',
    capture: ['feature'],
    partialMatch: false,
  },
  { type: 'server', pattern: 'server', partialMatch: false },
  { type: 'tooling', pattern: '{e2e,bench,scripts}', partialMatch: false },
];

/**
 * A server feature's public files are the files at the top of its folder; its
 * subfolders are its own. The picture worker (pictures/draw.ts) runs the renderers that
 * basemap and lists own, so those two are public too. Test support (factories,
 * fixture servers, test files) is public to tests only, and tests may reach any file.
 */
const files = [
  {
    category: 'test-support',
    pattern: ['**/*.test.ts', '**/test/**', '**/fixtures/**', '**/*.table.ts'],
  },
  {
    category: 'public',
    pattern: [
      'server/src/features/*/*.ts',
      'server/src/features/basemap/picture/render.ts',
      'server/src/features/lists/preview/card.ts',
    ],
    stopMatching: true,
  },
  { category: 'private', pattern: 'server/src/features/**' },
];

const architecture = [
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-feature', captured: { feature: '!{map,photos}' } } } },
    message:
      'A web feature does not import another feature (shared code lives in components/ and lib/); only the map and photo widgets are shared, and their heavy parts load lazily.',
  },
  {
    from: { element: { type: 'web*' } },
    disallow: { to: { element: { type: 'server*' } } },
    message: 'Web code never imports server code.',
  },
  {
    from: { element: { type: 'server*' } },
    disallow: { to: { element: { type: 'web*' } } },
    message: 'Server code never imports web code.',
  },
  {
    from: { element: { type: 'contract' } },
    disallow: { to: { element: { type: '!contract' } } },
    message: 'The contract imports nothing of ours.',
  },
  {
    from: { element: { type: 'server-feature' } },
    disallow: { to: { element: { type: 'server-feature' }, file: { categories: 'private' } } },
    message:
      "Server features talk to each other through their public files (the top of the feature's folder), not its subfolders.",
  },
  {
    // Tests observe behaviour, so they may reach any file (pins' colours, factories).
    from: { element: { type: 'server-feature' }, file: { categories: 'test-support' } },
    allow: { to: { element: { type: 'server-feature' } } },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'bench/results/**',
      'test-results/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Fastify plugins and hooks, interface implementations and test callbacks are
      // async by contract even when their body awaits nothing.
      '@typescript-eslint/require-await': 'off',
      // Functions taken out of hooks (useAuth's logout, useForm's handleSubmit) are
      // closures, not methods that need their `this`.
      '@typescript-eslint/unbound-method': 'off',
      // react-hook-form's handleSubmit hands onSubmit a promise it handles itself.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      // A leading underscore names a parameter a signature requires but the body ignores.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['server/src/db/dialect.ts', 'server/src/db/migrations/*.ts'],
    // Migrations run against the schema of their day, not today's: Kysely<any> by design.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.test.ts'],
    rules: {
      // inject()'s res.json() and the browser's evaluate() are `any`; the assertions are
      // what check the shape, so reading fields off them is the test's job.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Only React code: server tests have a `useTestApp()` that is no hook.
  { files: ['web/**/*.{ts,tsx}', 'bench/**/*.tsx'], ...reactHooks.configs.flat.recommended },
  {
    files: ['web/**/*.{ts,tsx}', 'bench/**/*.tsx'],
    rules: {
      // These two are the React Compiler's rules (eslint-plugin-react-hooks 6). The app
      // does not use the compiler, and the flagged patterns are deliberate and tested
      // (a box measured in a layout effect, a ref read to keep a highlight stable, state
      // reset on a route change). Revisit when adopting the compiler (decision 016).
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  { files: ['web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['web/**/*.tsx'],
    rules: {
      // `role="list"` on a styled <ul> is deliberate: Safari drops the list semantics
      // of a list with `list-style: none`.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // Focus goes into a field the user has just opened (rename, follow, search),
      // never on page load.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    files: ['{contract,server,web,e2e,bench,scripts}/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'import/resolver': {
        typescript: {
          project: ['contract', 'server', 'web', 'e2e', 'bench'].map((p) => `${p}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: architecture }],
    },
  },
);
