const nxPreset = require('@nx/jest/preset').default;

module.exports = {
  ...nxPreset,
  // Jest's 5 s per test is too little where `npm test` runs: two shared cores and two Jest projects, type
  // checks and a browser-test server at once, where a page's first rendering or a test database's
  // migrations alone can take several seconds. A passing test never waits for this; a test that ran out
  // of time would go on running into the next one (its keystrokes landing in the next test's fields).
  testTimeout: 60_000,
};
