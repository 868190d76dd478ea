import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

// react-router 7 needs these, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// fake-indexeddb (the offline wallet's tests) clones values with structuredClone, which jsdom lacks.
if (typeof globalThis.structuredClone !== 'function') {
  Object.assign(globalThis, { structuredClone: <T>(value: T): T => deserialize(serialize(value)) as T });
}

// Every app's catalogs, in both languages (docs/i18n.md): a component renders its messages as on a
// page whose catalogs have loaded. English unless a test wraps it in a LanguageProvider.
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
// The catalogs module alone: importing all of @fu/shared here would load modules a test mocks.
import { addMessages } from '../shared/src/i18n/catalogs';
import { LANGUAGES } from '../shared/src/i18n/languages';
const repository = path.join(__dirname, '..');
for (const workspace of readdirSync(repository)) {
  for (const language of LANGUAGES) {
    const file = path.join(repository, workspace, 'src', 'i18n', `${language}.json`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    if (existsSync(file)) addMessages(language, require(file));
  }
}
