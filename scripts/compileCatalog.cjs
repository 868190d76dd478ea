// A catalog (an app's src/i18n/<language>.json: keys to ICU messages) compiled to what @lingui/core
// formats without its parser, so no page ships the parser, and keyed as the runtime looks them up
// (an English-keyed message under its hash: shared/src/i18n/catalogKey.cjs). The webpack loader
// (catalogLoader.cjs) and the jest transform (test-support/catalogTransform.cjs) use it.
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');
const { catalogKey } = require('../shared/src/i18n/catalogKey.cjs');

/**
 * @param {string | Record<string, string>} source the catalog's JSON, or the catalog
 * @returns {Record<string, unknown>}
 */
function compileCatalog(source, file = 'catalog') {
  const messages = typeof source === 'string' ? JSON.parse(source) : source;
  if (!messages || typeof messages !== 'object' || Array.isArray(messages)) throw new Error(`${file}: not an object`);
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
      try {
        return [catalogKey(key), compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: ${key}: ${error.message}`);
      }
    }),
  );
}

module.exports = { compileCatalog };
