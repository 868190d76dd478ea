// A catalog (an app's src/i18n/<language>.json: keys to ICU messages) compiled to what @lingui/core
// formats without its parser, so no page ships the parser. The webpack loader (catalogLoader.cjs),
// the jest transform (test-support/catalogTransform.cjs) and the server use it.
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');

/** @returns {Record<string, unknown>} */
function compileCatalog(source, file = 'catalog') {
  const messages = JSON.parse(source);
  if (!messages || typeof messages !== 'object' || Array.isArray(messages)) throw new Error(`${file}: not an object`);
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
      try {
        return [key, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: ${key}: ${error.message}`);
      }
    }),
  );
}

module.exports = { compileCatalog };
