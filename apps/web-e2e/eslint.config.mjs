import playwright from 'eslint-plugin-playwright';
import baseConfig from '../../eslint.config.mjs';

export default [
  playwright.configs['flat/recommended'],
  ...baseConfig,
  // The browser tests are a harness themselves: their support code may use the test harnesses.
  { files: ['**/*.ts'], rules: { 'no-restricted-imports': 'off' } },
];
