module.exports = {
  displayName: 'api-subscriptions',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  transform: {
    '^.+\\.(ts|m?js)$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  // juice (mail styles inlined) and some of its dependencies are published as ES modules only:
  // compiled to CommonJS for Jest like our own code (Node itself loads them as they are).
  transformIgnorePatterns: ['^(?!.*/node_modules/(juice|postcss-nesting|@csstools)/).*/node_modules/'],
  moduleFileExtensions: ['ts', 'js', 'html'],
  // One PostgreSQL server for the whole run (see libs/api/testing).
  globalSetup: '<rootDir>/../testing/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/../testing/src/jest/global-teardown.ts',
  coverageDirectory: '../../../coverage/libs/api/subscriptions',
};
