// A `.env` file at the repository root, for the development commands: `npm start`, `npm run dev`,
// `npm run migrate` and `npm run import` call loadDotEnv() before anything reads the environment,
// and `npm run api` preloads dotenv-preload.cjs. A variable the environment already has (even
// empty) keeps its value: the file only fills in the others, as Node's --env-file does, and it is
// parsed by Node's own parser (util.parseEnv). The built server (`node server/dist/main.js`, the
// container image) never reads it: production takes its settings from the real environment.
// Tests, e2e and the bench do not read it either. docs/configuration.md#a-env-file.
//
// CommonJS, like stack.cjs: the .mjs scripts import it, `node --require` preloads it, tests require
// it. Types: dotenv.d.cts.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { parseEnv } = require('node:util');

const root = path.resolve(__dirname, '..');

/**
 * Sets in `env` each variable of `file` that `env` does not have, and says which in one line on
 * stderr (names only: values can be secrets). Returns the names set and the names the environment
 * kept, or undefined when there is no file.
 */
function loadDotEnv({ file = path.join(root, '.env'), env = process.env, log = console.error } = {}) {
  if (!existsSync(file)) return undefined;
  const set = [];
  const kept = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[name] === undefined) {
      env[name] = value;
      set.push(name);
    } else {
      kept.push(name);
    }
  }
  const shown = path.relative(process.cwd(), file) || file;
  log(
    `Settings from ${shown}: ${set.join(', ') || 'none'}` +
      (kept.length ? `; from the environment instead: ${kept.join(', ')}` : ''),
  );
  return { set, kept };
}

module.exports = { loadDotEnv };
