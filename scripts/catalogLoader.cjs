// webpack: an app's catalog (src/i18n/<language>.json) as a module of compiled messages (compileCatalog.cjs).
const { compileCatalog } = require('../shared/src/i18n/compileCatalog.cjs');

module.exports = function catalogLoader(source) {
  return `export default ${JSON.stringify(compileCatalog(source, this.resourcePath))};`;
};
