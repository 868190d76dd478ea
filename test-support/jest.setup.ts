import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

// react-router 7 needs these, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// fake-indexeddb (the offline wallet's tests) clones values with structuredClone, which jsdom lacks.
if (typeof globalThis.structuredClone !== 'function') {
  Object.assign(globalThis, { structuredClone: <T>(value: T): T => deserialize(serialize(value)) as T });
}
