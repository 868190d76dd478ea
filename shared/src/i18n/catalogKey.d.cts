/** What messageOf needs of a Lingui instance (structural: this file's types are CommonJS, the pages' Lingui is ESM). */
export interface MessageLookup {
  readonly locale: string;
  readonly messages: Readonly<Record<string, unknown>>;
  _(id: string, values?: Record<string, unknown>): string;
}

/** A catalog id: an app's scope and a name ('checkout.pay'); anything else is English-keyed. */
export declare const CATALOG_ID: RegExp;
/** The compiled catalog's key of a message: an id itself, an English-keyed message '#' and a hash. */
export declare function catalogKey(id: string): string;
/** A message in `i18n`'s language, looked up by its catalog key (see catalogKey.cjs). */
export declare function messageOf(i18n: MessageLookup, id: string, values?: Record<string, unknown>): string;
