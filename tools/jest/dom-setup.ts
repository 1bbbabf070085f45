import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks them and react-router 7 needs them at import time.
if (!globalThis.TextEncoder) Object.assign(globalThis, { TextEncoder, TextDecoder });
