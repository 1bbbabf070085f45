module.exports = {
  displayName: 'api-comments',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleFileExtensions: ['ts', 'js', 'html'],
  // One PostgreSQL server for the whole run (see libs/api/testing).
  globalSetup: '<rootDir>/../testing/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/../testing/src/jest/global-teardown.ts',
  coverageDirectory: '../../../coverage/libs/api/comments',
};
