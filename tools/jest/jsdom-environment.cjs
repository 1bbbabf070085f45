/**
 * jsdom plus the Fetch API classes of Node. React Router's data routers (needed for `useBlocker`)
 * build `Request`s with an `AbortSignal` on every navigation, and jsdom has neither; taking both
 * from Node keeps them compatible with each other.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
