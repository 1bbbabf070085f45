// jsdom leaves out the encoding globals that react-router 7 reads when it loads.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom does not scroll (and says so on the console): pages scroll to the top when they open.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
