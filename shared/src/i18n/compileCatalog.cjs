// A catalog (an app's src/i18n/<language>.json: keys to ICU messages) compiled to what @lingui/core
// formats without its parser, so no page ships the parser, and keyed as the runtime looks them up
// (an English-keyed message under its hash: catalogKey.cjs). Each plural becomes selects that need
// no number formatter (plurals.cjs). The webpack loader (scripts/catalogLoader.cjs), the jest
// transform (test-support/catalogTransform.cjs) and the server (platform/i18n/translate.ts) use it.
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');
const { catalogKey } = require('./catalogKey.cjs');
const { PLURAL_CATEGORY, PLURAL_COUNT } = require('./plurals.cjs');

/** CLDR's plural categories; any other key of a compiled plural is an exact value (`=0` compiles to `0`). */
const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

const mapChoices = (choices, map) =>
  Object.fromEntries(Object.entries(choices).map(([key, tokens]) => [key, map(tokens)]));

/**
 * Lingui's compiled message with each plural as selects over the values messageOf adds: an exact
 * value's choice (`=0`) by the number itself, then a choice by its plural category; a `#` in a
 * choice is the number written out. What it says is unchanged: Lingui's plural picks an exact value
 * first, then the category, and writes `#` in the choices themselves, not in a select inside one.
 */
function withoutNumberFormatter(tokens) {
  if (!Array.isArray(tokens)) return tokens;
  return tokens.map((token) => {
    if (!Array.isArray(token)) return token;
    const [name, type, choices] = token;
    if (type === 'select') return [name, type, mapChoices(choices, withoutNumberFormatter)];
    if (type !== 'plural') return token;
    const { offset, ...byKey } = choices;
    if (offset) throw new Error(`{${name}, plural, offset:…} is not supported: write the number the message shows`);
    const choice = (choiceTokens) =>
      withoutNumberFormatter(
        Array.isArray(choiceTokens)
          ? choiceTokens.map((part) => (part === '#' ? [name + PLURAL_COUNT] : part))
          : choiceTokens,
      );
    const keyed = (isCategory) =>
      mapChoices(
        Object.fromEntries(Object.entries(byKey).filter(([key]) => CATEGORIES.has(key) === isCategory)),
        choice,
      );
    const byCategory = [name + PLURAL_CATEGORY, 'select', keyed(true)];
    const exact = keyed(false);
    return Object.keys(exact).length === 0 ? byCategory : [name, 'select', { ...exact, other: [byCategory] }];
  });
}

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
        return [catalogKey(key), withoutNumberFormatter(compileMessageOrThrow(message))];
      } catch (error) {
        throw new Error(`${file}: ${key}: ${error.message}`);
      }
    }),
  );
}

module.exports = { compileCatalog };
