import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks them and react-router 7 reads them when it loads.
if (!globalThis.TextEncoder) Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom does not scroll (and says so on the console): pages scroll to the top when they open.
// (Server-side specs run in Node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = (() => undefined) as typeof window.scrollTo;
// Nor does it have Element.scrollIntoView (panels that open out of sight bring themselves into view).
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= () => undefined;

// CI machines have two cores shared by parallel test runs: a page's first rendering alone can take
// several seconds there. The waits end as soon as their condition holds, so room costs nothing when
// the tests pass; findBy*/waitFor give up well before the test's own time (jest.preset.js) runs out,
// to fail with their own message.
configure({ asyncUtilTimeout: 10_000 });
