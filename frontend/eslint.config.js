// The front end's import boundaries (STYLE.md, "Front end"), plus the two hooks rules.
//
//   app/         the shell: router, providers, layout. It composes the features.
//   features/x/  one domain's pages, components, api (query options, keys) and rules.
//   components/  shared widgets; lib/  the API client, formatting, shared rules.
//
// app → features → components → lib, one way only; a feature never imports another feature (what two
// features share moves to components/ or lib/, or the app composes them), and nothing below the app
// imports the app.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const resolver = fileURLToPath(new URL('./eslint-resolver.cjs', import.meta.url));
const allow = (...types) => ({ to: { element: { types: { anyOf: types } } } });

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api/schema.d.ts'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: globals.browser,
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { boundaries, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { [resolver]: {} },
      'boundaries/include': ['src/**/*'],
      // The entry point: it only starts the app.
      'boundaries/ignore': ['src/main.tsx'],
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'components', pattern: 'src/components' },
        { type: 'lib', pattern: 'src/lib' },
        // Test helpers (render the whole app with a fake API).
        { type: 'test', pattern: 'src/test' },
      ],
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'test', pattern: '**/test-fixtures.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{ from.element.type }} {{ from.element.captured.feature }} may not import {{ to.element.type }} {{ to.element.captured.feature }}: what two features share belongs in components/ or lib/, and the app composes features',
          policies: [
            { from: { element: { type: 'app' } }, allow: allow('app', 'feature', 'components', 'lib') },
            { from: { element: { type: 'feature' } }, allow: allow('components', 'lib') },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
              },
            },
            { from: { element: { type: 'components' } }, allow: allow('components', 'lib') },
            { from: { element: { type: 'lib' } }, allow: allow('lib') },
            // A feature's tests render it inside the whole app (its providers, routes and theme).
            { from: { file: { categories: 'test' } }, allow: allow('test', 'app') },
            { from: { element: { type: 'test' } }, allow: allow('app', 'feature', 'components', 'lib', 'test') },
          ],
        },
      ],
      'boundaries/no-unknown-files': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['*.{js,cjs,ts}'],
    languageOptions: { parser: tseslint.parser, globals: globals.node },
    extends: [js.configs.recommended],
  },
);
