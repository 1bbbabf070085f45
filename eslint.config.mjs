import nx from '@nx/eslint-plugin';

/** For web projects: the API side may be imported for its types only (`import type { AppRouter }`). */
export const apiTypesOnly = {
  files: ['**/*.ts', '**/*.tsx'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@blog/api/*'],
            allowTypeImports: true,
            message: 'Web code may import only types (the AppRouter) from the API side.',
          },
        ],
      },
    ],
  },
};

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/out-tsc', '**/vite.config.*.timestamp*', '**/test-output', '**/playwright-report'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx'],
    rules: {
      // The workspace's layering (see docs/development/layout.md). Every project carries a
      // scope tag (who may use it) and a type tag (what it is).
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$'],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
            // The web reaches the API only through the AppRouter type (see the rule below).
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared', 'type:trpc'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util', 'type:contracts'] },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:data', 'type:contracts', 'type:util'] },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:contracts', 'type:trpc'],
            },
            // The HTTP library's page headers name the video players the HTML policy embeds (a util).
            {
              sourceTag: 'type:core',
              onlyDependOnLibsWithTags: ['type:core', 'type:data', 'type:contracts', 'type:util'],
            },
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: ['type:testing', 'type:core', 'type:data', 'type:contracts'],
            },
            // A domain never imports another domain; specs may use the testing library.
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: [
                'type:core',
                'type:data',
                'type:data-access',
                'type:ui',
                'type:contracts',
                'type:util',
                'type:testing',
              ],
            },
            {
              sourceTag: 'type:trpc',
              onlyDependOnLibsWithTags: ['type:feature', 'type:workflow', 'type:core', 'type:contracts'],
            },
            // Work across domains (imports, the site archive, the seed) goes through the domains' own
            // services and writers, so that imported content meets the same rules as the admin's saves;
            // a workflow may use another (the imports restore the site archive).
            {
              sourceTag: 'type:workflow',
              onlyDependOnLibsWithTags: [
                'type:workflow',
                'type:feature',
                'type:core',
                'type:data',
                'type:contracts',
                'type:util',
                'type:testing',
              ],
            },
            // The local Nx plugin (tools/workspace-plugin) uses @nx/devkit and typescript, none of our libraries.
            { sourceTag: 'type:plugin', onlyDependOnLibsWithTags: [] },
          ],
        },
      ],
    },
  },
  {
    // Test harnesses (the `…/testing` entries, `src/testing` folders, the testing library) are for
    // specs and other harnesses: production code never imports them.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**', 'apps/web-e2e/**', 'tools/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@blog/*/testing', '@blog/*/*/testing', '**/testing', '**/testing/*'],
              message: 'Test harnesses are for specs only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.cts', '**/*.mts', '**/*.js', '**/*.jsx', '**/*.cjs', '**/*.mjs'],
    rules: {},
  },
];
