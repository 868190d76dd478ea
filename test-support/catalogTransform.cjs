// jest: an app's catalog (src/i18n/<language>.json) compiled as the build compiles it (scripts/catalogLoader.cjs).
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { compileCatalog } = require('../scripts/compileCatalog.cjs');

const compiler =
  readFileSync(require.resolve('../scripts/compileCatalog.cjs'), 'utf8') + readFileSync(__filename, 'utf8');

module.exports = {
  process(source, file) {
    // jest reads a transformed .json file as JSON.
    return { code: JSON.stringify(compileCatalog(source, file)) };
  },
  getCacheKey(source, file) {
    return createHash('sha256').update(compiler).update(file).update(source).digest('hex');
  },
};
