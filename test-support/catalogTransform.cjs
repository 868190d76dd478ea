// jest: an app's catalog (src/i18n/<language>.json) compiled as the build compiles it (scripts/catalogLoader.cjs).
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { compileCatalog } = require('../shared/src/i18n/compileCatalog.cjs');

const compiler = [
  '../shared/src/i18n/compileCatalog.cjs',
  '../shared/src/i18n/catalogKey.cjs',
  '../shared/src/i18n/plurals.cjs',
  __filename,
]
  .map((file) => readFileSync(require.resolve(file), 'utf8'))
  .join('');

module.exports = {
  process(source, file) {
    // jest reads a transformed .json file as JSON.
    return { code: JSON.stringify(compileCatalog(source, file)) };
  },
  getCacheKey(source, file) {
    return createHash('sha256').update(compiler).update(file).update(source).digest('hex');
  },
};
