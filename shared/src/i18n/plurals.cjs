// A plural without a number formatter (docs/i18n.md, "Plurals"). Lingui formats every plural with an
// Intl.NumberFormat, for its '#', even a plural without one; a page's first number formatter loads
// the locale's data, 30-55 ms of main thread in Chromium here (four times that on Lighthouse's phone),
// so the first plural a page drew ("Rank 2 of 5 students", "3 uses left") was a long task of its own.
// The catalog compiler (compileCatalog.cjs) turns each plural into selects, which Lingui formats with
// no Intl at all, over two values the lookup (catalogKey.cjs, messageOf) adds beside each number:
// its plural category (Intl.PluralRules: about 1 ms the first time) and the number written out.
// CommonJS with nothing imported, like catalogKey.cjs: the compiler and the runtime run this one file.

// ':' cannot be in an ICU argument's name, so no message's own value has these names.
/** The value holding a number's plural category ('one', 'other'…): `count` → `count:plural`. */
const PLURAL_CATEGORY = ':plural';
/** The value holding a number as a plural's `#` writes it: `count` → `count:count`. */
const PLURAL_COUNT = ':count';

const pluralRules = new Map();

function pluralCategory(locale, number) {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(number);
}

/**
 * A number as a plural's `#` writes it: a whole number with its thousands grouped as en-US and es-US
 * both write them ("1,500": the page's money does the same, tokens/money.ts), anything else as it is.
 */
function countText(number) {
  return Number.isInteger(number) ? String(number).replace(/\B(?=(\d{3})+$)/g, ',') : String(number);
}

/** `values` with each number's plural category and written form beside it (the same object when it holds no number). */
function withPluralValues(values, locale) {
  let added;
  for (const name in values) {
    const value = values[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    added ??= { ...values };
    added[name + PLURAL_CATEGORY] = pluralCategory(locale, value);
    added[name + PLURAL_COUNT] = countText(value);
  }
  return added ?? values;
}

module.exports = { PLURAL_CATEGORY, PLURAL_COUNT, withPluralValues };
