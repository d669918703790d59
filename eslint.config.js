// ESLint: the dependency rules of ../shared/ARCHITECTURE.md, enforced (issue #27).
// `contracts` ← `read-models` ← `services/domain` ← `services/adapters`, `services/render` ← `services/api`;
// drivers only inside services/adapters; `web` depends on `contracts` only.
import { dirname, resolve } from 'node:path';
import tseslint from 'typescript-eslint';

const drivers = '(better-sqlite3|mongodb|stripe|mailgun\\.js|form-data|@kurrent/[^/]+|@eventstore/[^/]+)';
const workspaces = {
  contracts: '@jsonable/contracts',
  readModels: '@jsonable/read-models',
  domain: '@jsonable/domain',
  adapters: '@jsonable/adapters',
  render: '@jsonable/render',
  projector: '@jsonable/projector',
  api: '@jsonable/api',
};

/** The workspaces other than the ones named: what a workspace that may import only those must not. */
const otherThan = (...allowed) => Object.values(workspaces).filter((w) => !allowed.includes(w));

/** An import rule that forbids the given packages (and their subpaths) with a reason. */
function forbid(reason, ...packages) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(${packages.map((p) => (p.startsWith('(') ? p : p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('|')})(/.*)?$`,
            message: reason,
          },
          {
            group: ['**/../contracts/*', '**/../read-models/*', '**/../services/*', '**/../web/*'],
            message: 'Import another workspace by its package name, not by a relative path.',
          },
        ],
      },
    ],
  };
}

/**
 * web: a feature (web/src/features/<name>) imports shared code (web/src/lib, web/src/components) and
 * contracts, never another feature; shared code imports no feature (bulletproof-react's rule).
 * Relative imports are resolved against the importing file, so `../../dashboard/api` is caught too.
 */
const webFeatures = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        messages: {
          crossing:
            "{{from}} imports the feature '{{to}}': features do not import each other; move the shared piece to web/src/lib or web/src/components.",
        },
      },
      create(context) {
        const at = /\/web\/src\/(?:features\/([^/]+)|lib|components)\//.exec(context.filename);
        if (!at) return {};
        const own = at[1];
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = /\/web\/src\/features\/([^/.]+)/.exec(resolve(dirname(context.filename), spec));
          if (target && target[1] !== own)
            context.report({
              node: node.source,
              messageId: 'crossing',
              data: { from: own ? `The feature '${own}'` : 'Shared code', to: target[1] },
            });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'tmp/**',
      'test-results/**',
      '.tools/**',
      'web/dist-ssr/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: { parser: tseslint.parser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      // `const self = this` for a callback that has its own `this` (prom-client's collect), and a copy-on-write index that starts as `this`.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self', 'index'] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  // Tests may look into untyped structures (log lines, parsed JSON) with `any`.
  { files: ['**/*.test.ts', '**/*.test.tsx'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // tsconfig's lib has ES2024.Promise for the server (Node 24); the browser bundle (web and the
  // contracts it imports) targets browsers that may lack it.
  {
    files: ['web/**/*.ts', 'web/**/*.tsx', 'contracts/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Promise', property: 'withResolvers', message: 'Not in every browser the web build targets.' },
      ],
    },
  },
  // Features do not import each other (tests included: a feature's test sees only its feature).
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { web: webFeatures },
    rules: { 'web/no-cross-feature-imports': 'error' },
  },
  // The boundaries hold for what ships; tests, e2e and benchmarks may wire several workspaces together.
  ...[
    {
      files: ['contracts/**/*.ts'],
      rules: forbid('contracts depends on zod only.', drivers, ...otherThan(workspaces.contracts)),
    },
    {
      files: ['read-models/**/*.ts'],
      rules: forbid(
        'read-models is pure: contracts and the DocumentStore port only, no drivers.',
        drivers,
        ...otherThan(workspaces.contracts, workspaces.readModels),
      ),
    },
    {
      files: ['services/domain/**/*.ts'],
      rules: forbid(
        'domain sees ports, never drivers, adapters, the engine or the API.',
        drivers,
        ...otherThan(workspaces.contracts, workspaces.readModels, workspaces.domain),
      ),
    },
    {
      files: ['services/render/**/*.ts'],
      rules: forbid(
        'the engine depends on contracts and the domain ports it implements only.',
        drivers,
        ...otherThan(workspaces.contracts, workspaces.domain, workspaces.render),
      ),
    },
    {
      files: ['services/projector/src/**/*.ts', 'services/api/src/**/*.ts'],
      rules: forbid('drivers are imported only inside services/adapters.', drivers),
    },
    {
      files: ['web/**/*.ts', 'web/**/*.tsx'],
      rules: forbid('web depends on contracts only.', drivers, ...otherThan(workspaces.contracts)),
    },
  ].map((block) => ({
    ...block,
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**', '**/bench/**'],
  })),
);
