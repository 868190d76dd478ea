import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LANGUAGES, type Language } from './languages';

// Every app keeps its messages in one catalog per language (src/i18n/en.json and es.json, ICU
// messages compiled at build time by scripts/catalogLoader.cjs): the page loads only the language
// in use, and only for the apps it has loaded. Keys start with the app's scope ('checkout.…'), so the
// catalogs of one page share one instance per language.

export type { Messages };

/** How an app's catalog for one language arrives: a chunk of its own build. */
export type CatalogLoaders = Readonly<Record<Language, () => Promise<unknown>>>;

/** A catalog of every language, as the server's render and the tests hold them. */
export type Catalogs = Readonly<Record<Language, Messages>>;

const pageInstances = new Map<Language, I18n>();

/**
 * A message no catalog has is its id as it is: an English-keyed message in English (docs/i18n.md),
 * without the warning Lingui gives for a message it would have to compile.
 */
export const messageItself = (_language: string, id: string) => id;
const registered = new Map<string, CatalogLoaders>();
const loaded = new Set<string>();

/** A new instance holding `catalogs`' messages for `language` (the server's render makes one per release). */
export function i18nWith(language: Language, ...catalogs: Messages[]): I18n {
  const i18n = setupI18n({ locale: language, messages: { [language]: {} }, missing: messageItself });
  for (const messages of catalogs) i18n.load(language, messages);
  return i18n;
}

/** The page's instance for a language: every catalog loaded so far for it. */
export function pageI18n(language: Language): I18n {
  let i18n = pageInstances.get(language);
  if (!i18n) {
    i18n = i18nWith(language);
    pageInstances.set(language, i18n);
  }
  return i18n;
}

/** Puts messages into the page's instance for `language` (every catalog of a build, in tests and on the server). */
export function addMessages(language: Language, messages: Messages): void {
  pageI18n(language).load(language, messages);
}

/** Adds every language of `catalogs` to the page's instances. */
export function addCatalogs(catalogs: Catalogs): void {
  for (const language of LANGUAGES) addMessages(language, catalogs[language]);
}

/** An app's catalogs, loaded with the next loadCatalogs (each app registers its own when its code runs). */
export function registerCatalogs(scope: string, loaders: CatalogLoaders): void {
  if (!registered.has(scope)) registered.set(scope, loaders);
}

/** Loads every registered app's catalog for `language` not loaded yet. */
export async function loadCatalogs(language: Language): Promise<void> {
  await Promise.all(
    [...registered].map(async ([scope, loaders]) => {
      const key = `${scope}:${language}`;
      if (loaded.has(key)) return;
      const module = await loaders[language]();
      addMessages(language, ((module as { default?: Messages }).default ?? module) as Messages);
      loaded.add(key);
    }),
  );
}
