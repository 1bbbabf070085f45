module.exports = {
  displayName: 'docs-tooling',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  // github-slugger ships ES modules only: Jest's CommonJS sandbox needs it compiled like our own files.
  transformIgnorePatterns: ['/node_modules/(?!github-slugger/)'],
  moduleFileExtensions: ['ts', 'js', 'html'],
  coverageDirectory: '../../coverage/tools/docs-tooling',
};
