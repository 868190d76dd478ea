/** The value holding a number's plural category ('one', 'other'…): `count` → `count:plural`. */
export declare const PLURAL_CATEGORY: string;
/** The value holding a number as a plural's `#` writes it: `count` → `count:count`. */
export declare const PLURAL_COUNT: string;
/** `values` with each number's plural category and written form beside it (see plurals.cjs). */
export declare function withPluralValues<Values extends Record<string, unknown>>(
  values: Values,
  locale: string,
): Values & Record<string, unknown>;
