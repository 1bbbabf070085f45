module.exports = {
  displayName: 'api-testing',
  passWithNoTests: true,
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleFileExtensions: ['ts', 'js', 'html'],
  // One PostgreSQL server for the whole run, as for the API libraries.
  globalSetup: '<rootDir>/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/src/jest/global-teardown.ts',
  coverageDirectory: '../../../coverage/libs/api/testing',
};
