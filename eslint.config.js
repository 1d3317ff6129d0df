import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// Web layers (docs/ARCHITECTURE.md): app → features → components, lib → contract. A feature
// never imports another feature, and components and lib import neither features nor the app.
const webSrc = 'packages/web/src';
const webNoServer = { group: ['**/server/**'], message: 'The web app does not import the server.' };
const webFeatures = readdirSync(new URL(`./${webSrc}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move the shared piece into components/ or lib/.',
  })),
  {
    target: [`${webSrc}/components`, `${webSrc}/lib`],
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'Shared components and lib import neither features nor the app shell.',
  },
];

// Server layers (docs/ARCHITECTURE.md): contract → db, platform → cores → modules → jobs, seed,
// app.ts, main.ts. Imports run down only; deps.ts is the list of what modules receive (types).
const serverSrc = 'packages/server/src';
// Each core and the cores it may import; the rest are above it.
const serverCoreDeps = {
  status: [],
  parser: [],
  matching: [],
  rollup: ['status'],
  changes: ['rollup', 'status', 'matching'],
  intake: ['parser', 'rollup', 'changes', 'status', 'matching'],
  alerts: ['parser'],
};
const serverCores = Object.keys(serverCoreDeps).map((c) => `${serverSrc}/${c}`);
const serverCoreZones = Object.entries(serverCoreDeps)
  .map(([core, below]) => ({
    target: `${serverSrc}/${core}`,
    from: Object.keys(serverCoreDeps)
      .filter((c) => c !== core && !below.includes(c))
      .map((c) => `${serverSrc}/${c}`),
    message: below.length
      ? `Among the cores, ${core} imports only ${below.join(', ')}.`
      : `The ${core} core imports no other core.`,
  }))
  .filter((zone) => zone.from.length);
const serverWiring = ['jobs', 'seed', 'app.ts', 'main.ts', 'deps.ts'].map((w) => `${serverSrc}/${w}`);
const serverBelowCores = ['platform', 'db', 'config.ts', 'types'].map((p) => `${serverSrc}/${p}`);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'packages/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [webNoServer] }],
    },
  },
  {
    // Web boundaries: no feature imports another; components and lib import no feature nor the
    // app shell (the resolver settings are those of the import-x block below).
    files: [`${webSrc}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
  {
    // Tests read JSON bodies loosely on purpose: the assertions say what the shape must be.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }] },
  },
  {
    // How import-x resolves the imports that the boundary rules read. Import cycles are refused by
    // scripts/cycles.mjs (run with lint by scripts/check.mjs): one walk of the whole graph instead
    // of one per file.
    files: ['packages/server/**/*.{ts,mjs}', 'packages/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules'],
    },
  },
  {
    // Server boundaries: a core never imports a module or the wiring, nor a core above it;
    // platform and db import neither cores nor modules. Tests drive the whole app and may import
    // anything.
    files: ['packages/server/src/**/*.{ts,mjs}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: serverCores,
              from: [`${serverSrc}/modules`, ...serverWiring],
              message: 'A core does not import a module or the wiring: take what it needs as a parameter or hook.',
            },
            {
              target: serverBelowCores,
              from: [...serverCores, `${serverSrc}/modules`, ...serverWiring],
              message: 'platform and db sit below the cores and modules and import neither.',
            },
            ...serverCoreZones,
          ],
        },
      ],
    },
  },
);
