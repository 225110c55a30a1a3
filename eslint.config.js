// Lint: TypeScript rules, import cycles, and the direction rules of the architecture
// (which part may import which) as enforced boundaries.
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';

const element = (type, pattern) => ({ type, pattern });
const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'generated/api/**', 'dev-dist/**', 'public/**', 'scripts/make-icons.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // The browser app's `@/` alias resolves through tsconfig.app.json; the rest by Node's rules.
      'import/resolver': {
        typescript: { project: ['tsconfig.app.json', 'tsconfig.json'], noWarnOnMultipleProjects: true },
        node: { extensions: ['.ts', '.tsx', '.js', '.json'] },
      },
      'boundaries/include': ['common/**', 'server/**', 'src/**', 'codegen/**', 'generated/**', 'tests/**', 'bench/**'],
      'boundaries/elements': [
        // First match wins: specific folders before the roots that hold them.
        // From the root only (tests/unit/common is a test).
        { type: 'common', pattern: 'common', partialMatch: false },
        element('server-core', 'server/src/core'),
        element('server-plugins', 'server/src/plugins'),
        element('server-domain', 'server/src/domain'),
        element('server-crud', 'server/src/crud'),
        element('server-db', 'server/src/db'),
        element('server-root', 'server/src'),
        element('generated-server', 'generated/server'),
        element('generated-admin', 'generated/admin'),
        element('generated-api', 'generated/api'),
        element('generated-locales', 'generated/locales'),
        element('generated-contract', 'generated'),
        element('src-app', 'src/app'),
        element('src-shell', 'src/shell'),
        element('src-admin', 'src/admin'),
        // Each feature its own element: a feature's files import each other, not another feature's.
        { type: 'src-features', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
        element('src-components', 'src/components/ui'),
        element('src-lib', 'src/lib'),
        element('src-locales', 'src/locales'),
        // The public tracking page (tracking.html): its own entry, apart from the back office.
        element('src-tracking', 'src/tracking'),
        element('codegen', 'codegen'),
        element('tests', 'tests'),
        element('bench', 'bench'),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'boundaries/dependencies': [2, {
        default: 'disallow',
        policies: [
          // common/: the pure rules both sides use (money, the Istanbul day, formats, field kinds
          // and match modes, the claim check); it imports nothing of theirs.
          allow('common', ['common']),
          // Server: main.ts, app.ts, routes.ts (the root) → domain/crud → db; core (config,
          // errors) is shared by all; the HTTP plugins are the root's, never a domain module's;
          // nothing in server imports src/.
          allow('server-root', ['common', 'server-root', 'server-core', 'server-plugins', 'server-domain', 'server-crud', 'server-db', 'generated-contract']),
          allow('server-core', ['common', 'server-core']),
          allow('server-plugins', ['common', 'server-core', 'server-plugins', 'server-db']),
          allow('server-domain', ['common', 'server-core', 'server-domain', 'server-crud', 'server-db']),
          allow('server-crud', ['common', 'server-core', 'server-crud', 'server-db', 'generated-server']),
          allow('server-db', ['common', 'server-core', 'server-db', 'server-crud', 'generated-server']),
          // Browser: app → anything in src; features → admin, components, lib, generated, never
          // another feature; admin never names an entity or a feature; ui primitives use only lib.
          allow('src-app', ['common', 'src-app', 'src-shell', 'src-admin', 'src-features', 'src-components', 'src-lib', 'src-locales', 'generated-api', 'generated-admin']),
          allow('src-shell', ['common', 'src-shell', 'src-admin', 'src-components', 'src-lib', 'src-locales', 'generated-api', 'generated-admin']),
          allow('src-features', ['common', 'src-admin', 'src-components', 'src-lib', 'generated-api', 'generated-admin']),
          allow('src-admin', ['common', 'src-admin', 'src-components', 'src-lib', 'generated-api', 'generated-admin']),
          allow('src-components', ['src-components', 'src-lib']),
          allow('src-lib', ['common', 'src-lib', 'src-locales', 'generated-locales']),
          allow('src-tracking', ['src-tracking', 'generated-api', 'generated-locales']),
          allow('generated-api', ['generated-api', 'src-lib']),
          allow('generated-admin', ['generated-admin']),
          allow('generated-server', ['generated-server']),
          allow('codegen', ['common', 'codegen']),
          // Tests and benchmarks may reach everything; nothing imports them.
          allow('tests', ['tests', 'common', 'server-root', 'server-core', 'server-plugins', 'server-domain', 'server-crud', 'server-db', 'generated-server', 'generated-admin', 'generated-api', 'generated-contract', 'src-app', 'src-shell', 'src-admin', 'src-features', 'src-components', 'src-lib', 'codegen']),
          allow('bench', ['bench', 'tests', 'common', 'server-root', 'server-core', 'server-db', 'server-crud', 'server-domain', 'generated-server', 'generated-contract']),
        ],
      }],
    },
  },
  {
    // Both the server (Node) and the browser run common/: no package, no `node:` module, only its
    // own files (the two typechecks, with and without DOM and Node types, keep out their globals).
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./)', message: 'common/ imports only its own files (./x.ts).' }] }],
    },
  },
);
