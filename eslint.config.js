// ESLint for the web app: mostly the import boundaries of webui/src (see webui/README.md, 'Layout').
//
// - a feature (src/features/<X>/) imports only shared code (src/shared) and itself: never another
//   feature and never the app's wiring (src/app). Pages that need two features are composed in src/app.
// - shared code (src/shared) imports neither a feature nor src/app.
// - app code, features and shared code never import the test helpers (src/test); tests may.
//
// The parser is Babel's (syntax only): typescript-eslint needs the TypeScript JS API, which the
// native TypeScript 7 the project type-checks with does not ship. Types are checked by `tsc`.
import { readdirSync } from 'node:fs';
import babelParser from '@babel/eslint-parser';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const SRC = './webui/src';
const features = readdirSync(new URL('webui/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const parserFor = (plugins) => ({
  parser: babelParser,
  parserOptions: {
    requireConfigFile: false,
    babelOptions: { babelrc: false, configFile: false, parserOpts: { plugins } },
  },
});

const boundaries = [
  ...features.map((name) => ({
    target: `${SRC}/features/${name}`,
    from: `${SRC}/features`,
    except: [`./${name}`],
    message:
      'A feature imports only shared code and itself, never another feature: compose the two in src/app (pass components or props down).',
  })),
  {
    target: `${SRC}/features`,
    from: `${SRC}/app`,
    message: 'A feature does not import the app (src/app): the app imports features and hands them what they need.',
  },
  {
    target: `${SRC}/shared`,
    from: [`${SRC}/features`, `${SRC}/app`],
    message: 'Shared code imports neither a feature nor the app.',
  },
];

const testHelpers = {
  target: [`${SRC}/app`, `${SRC}/features`, `${SRC}/shared`],
  from: `${SRC}/test`,
  message: 'Only tests import the test helpers (src/test).',
};

export default [
  { ignores: ['webui/src/shared/api/schema.gen.ts'] },
  {
    files: ['webui/src/**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', ...parserFor(['typescript', 'jsx']) },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'webui/tsconfig.json' })],
    },
    rules: {
      // The basics that mean a bug whatever the style (undefined names and unused code are tsc's).
      ...js.configs.recommended.rules,
      'no-undef': 'off',
      'no-unused-vars': 'off',
      'no-redeclare': 'off',
      // An import the resolver cannot find would slip past the boundary rule.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    // .ts files have no JSX: `<T>value` is a type assertion there.
    files: ['webui/src/**/*.ts'],
    languageOptions: parserFor(['typescript']),
  },
  {
    files: ['webui/src/**/*.{ts,tsx}'],
    ignores: ['webui/src/test/**', 'webui/src/**/*.test.{ts,tsx}', 'webui/src/**/testData.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, testHelpers] }],
    },
  },
];
