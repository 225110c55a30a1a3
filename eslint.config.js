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
      'boundaries/include': ['server/**', 'src/**', 'codegen/**', 'generated/**', 'tests/**', 'bench/**'],
      'boundaries/elements': [
        // First match wins: specific folders before the roots that hold them.
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
        element('src-features', 'src/features'),
        element('src-components', 'src/components/ui'),
        element('src-lib', 'src/lib'),
        element('src-locales', 'src/locales'),
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
          // Server: main.ts, app.ts, routes.ts (the root) → domain/crud → db; core (config,
          // errors) is shared by all; nothing in server imports src/.
          allow('server-root', ['server-root', 'server-core', 'server-plugins', 'server-domain', 'server-crud', 'server-db', 'generated-contract']),
          allow('server-core', ['server-core']),
          allow('server-plugins', ['server-core', 'server-plugins']),
          allow('server-domain', ['server-core', 'server-domain', 'server-crud', 'server-db', 'server-plugins']),
          allow('server-crud', ['server-core', 'server-crud', 'server-db', 'generated-server']),
          allow('server-db', ['server-core', 'server-db', 'server-crud', 'generated-server']),
          // Browser: app → anything in src; features → admin, components, lib, generated; admin
          // never names an entity or a feature; ui primitives use only lib.
          allow('src-app', ['src-app', 'src-shell', 'src-admin', 'src-features', 'src-components', 'src-lib', 'src-locales', 'generated-api', 'generated-admin']),
          allow('src-shell', ['src-shell', 'src-admin', 'src-components', 'src-lib', 'src-locales', 'generated-api', 'generated-admin']),
          allow('src-features', ['src-admin', 'src-components', 'src-lib', 'generated-api', 'generated-admin']),
          allow('src-admin', ['src-admin', 'src-components', 'src-lib', 'generated-api', 'generated-admin']),
          allow('src-components', ['src-components', 'src-lib']),
          allow('src-lib', ['src-lib', 'src-locales', 'generated-locales']),
          allow('generated-api', ['generated-api', 'src-lib']),
          allow('generated-admin', ['generated-admin']),
          allow('generated-server', ['generated-server']),
          allow('codegen', ['codegen']),
          // Tests and benchmarks may reach everything; nothing imports them.
          allow('tests', ['tests', 'server-root', 'server-core', 'server-plugins', 'server-domain', 'server-crud', 'server-db', 'generated-server', 'generated-admin', 'generated-api', 'generated-contract', 'src-app', 'src-shell', 'src-admin', 'src-features', 'src-components', 'src-lib', 'codegen']),
          allow('bench', ['bench', 'tests', 'server-root', 'server-core', 'server-db', 'server-crud', 'server-domain', 'generated-server', 'generated-contract']),
        ],
      }],
    },
  },
);
