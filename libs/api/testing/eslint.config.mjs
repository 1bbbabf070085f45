import baseConfig from '../../../eslint.config.mjs';

export default [
  ...baseConfig,
  // The testing library is a harness itself: it builds on the others.
  { files: ['**/*.ts'], rules: { 'no-restricted-imports': 'off' } },
];
