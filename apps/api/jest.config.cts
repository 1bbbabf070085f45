module.exports = {
  displayName: 'api',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleFileExtensions: ['ts', 'js', 'html'],
  // One PostgreSQL server for the whole run (see libs/api/testing).
  globalSetup: '<rootDir>/../../libs/api/testing/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/api/testing/src/jest/global-teardown.ts',
  coverageDirectory: '../../coverage/apps/api',
};
