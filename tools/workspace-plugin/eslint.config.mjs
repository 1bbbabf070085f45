import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    // Checks that generators.json points at real implementations and schemas.
    // jsonc-eslint-parser comes with @nx/eslint-plugin.
    files: ['./package.json', './generators.json'],
    rules: {
      '@nx/nx-plugin-checks': 'error',
    },
    languageOptions: {
      parser: await import('jsonc-eslint-parser'),
    },
  },
];
