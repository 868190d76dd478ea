// Where a message is kept in a compiled catalog (docs/i18n.md). An id ('checkout.pay') is its own key.
// A message the page and the server share as English text (a spec message, a server's refusal) is
// kept under '#' and a hash of its English, so a Spanish page does not download that English again
// as the key of its Spanish. CommonJS, importing only plurals.cjs: the catalog compiler
// (compileCatalog.cjs) and the runtime (pages, server) run this one file.
const { withPluralValues } = require('./plurals.cjs');

/** A catalog id: an app's scope and a name ('checkout.pay'); anything else is English-keyed. */
const CATALOG_ID = /^[a-z]+(\.[A-Za-z0-9]+)+$/;

/** FNV-1a, 32 bits, in base 36: a short key, checked free of collisions by scripts/catalogs.test.ts. */
function hashOf(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The compiled catalog's key of a message. */
function catalogKey(id) {
  return CATALOG_ID.test(id) ? id : `#${hashOf(id)}`;
}

/**
 * A message in `i18n`'s language. An English-keyed message is looked up by its hash, then by its
 * English (a catalog compiled by @fu/shared before 2.6 keeps it so); a message no catalog has is
 * what the instance's `missing` makes of it (its id: the English of an English-keyed message).
 * Each number in `values` brings the values a compiled plural reads (plurals.cjs).
 */
function messageOf(i18n, id, values) {
  const key = catalogKey(id);
  return i18n._(key !== id && i18n.messages[key] !== undefined ? key : id, withPluralValues(values, i18n.locale));
}

module.exports = { CATALOG_ID, catalogKey, messageOf };
