// The catalogs' check (docs/i18n.md, issue 35): every app's English and Spanish say the same things.
// An id key is in both languages with the same placeholders and tags; an English-keyed message
// (a message the page and the server share as English text) is Spanish only, with its key's
// placeholders; every key the code asks for exists.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { CATALOG_ID as ID, catalogKey, messageOf } from '../shared/src/i18n/catalogKey.cjs';
import { i18nWith } from '../shared/src/i18n/catalogs';
import type { Language } from '../shared/src/i18n/languages';
import { compileCatalog } from '../shared/src/i18n/compileCatalog.cjs';

const root = path.join(__dirname, '..');

/** The app folders with catalogs, and the scope their keys start with. */
const apps = readdirSync(root)
  .filter((folder) => existsSync(path.join(root, folder, 'src', 'i18n', 'en.json')))
  .map((folder) => ({ folder, scope: folder.replace(/^remote-/, '') }));

const read = (folder: string, language: string) =>
  JSON.parse(readFileSync(path.join(root, folder, 'src', 'i18n', `${language}.json`), 'utf8')) as Record<
    string,
    string
  >;

/** The placeholder names and tags of an ICU message, from its compiled form. */
function partsOf(message: string): string[] {
  const found = new Set<string>();
  // A compiled message is a list of tokens: a text, or a placeholder [name, type?, choices?] whose
  // choices (a plural's, a select's) are compiled messages again.
  const walkMessage = (tokens: unknown): void => {
    for (const token of typeof tokens === 'string' ? [tokens] : (tokens as unknown[])) {
      if (typeof token === 'string') {
        for (const tag of token.matchAll(/<\/?(\w+)>/g)) found.add(`<${tag[1]}>`);
        continue;
      }
      const [name, , choices] = token as [string, string?, unknown?];
      // A plural's compiled values ('count:plural', 'count:count') are its placeholder's (plurals.cjs).
      found.add(`{${name.split(':')[0]}}`);
      if (choices && typeof choices === 'object') {
        for (const [key, choice] of Object.entries(choices)) if (key !== 'offset') walkMessage(choice);
      }
    }
  };
  walkMessage(compileCatalog({ 'check.m': message })['check.m']);
  return [...found].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The literal keys the code asks for: t('…'), pageMessage('…'), <T id="…">. */
const ASKED = /\b(?:t|pageMessage|translate)\(\s*'([a-z]+(?:\.[A-Za-z0-9]+)+)'|\bid="([a-z]+(?:\.[A-Za-z0-9]+)+)"/g;

/** The code without its comments (their examples are not asks); a `//` inside a string cuts its line, which is safe here. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');

it('has the apps it should', () => {
  expect(apps.map((app) => app.folder).sort()).toEqual(
    expect.arrayContaining([
      'remote-checkout',
      'remote-fundraiser',
      'remote-ordering',
      'remote-tickets',
      'server',
      'shared',
      'shell',
    ]),
  );
});

describe.each(apps)('$folder', ({ folder, scope }) => {
  const en = read(folder, 'en');
  const es = read(folder, 'es');

  it('compiles in both languages', () => {
    expect(() => compileCatalog(JSON.stringify(en), `${folder} en`)).not.toThrow();
    expect(() => compileCatalog(JSON.stringify(es), `${folder} es`)).not.toThrow();
  });

  it('has every id key in both languages, in its own scope', () => {
    const ids = (catalog: Record<string, string>) =>
      Object.keys(catalog)
        .filter((key) => ID.test(key))
        .sort();
    expect(ids(es)).toEqual(ids(en));
    expect(Object.keys(en).filter((key) => !ID.test(key))).toEqual([]);
    expect(ids(en).filter((key) => !key.startsWith(`${scope}.`))).toEqual([]);
  });

  it('says the same placeholders and tags in both languages', () => {
    const differ = Object.keys(en)
      .filter((key) => key in es && partsOf(en[key]!).join() !== partsOf(es[key]!).join())
      .map((key) => `${key}: ${partsOf(en[key]!).join()} ≠ ${partsOf(es[key]!).join()}`);
    expect(differ).toEqual([]);
    const englishKeyed = Object.keys(es)
      .filter((key) => !ID.test(key) && partsOf(key).join() !== partsOf(es[key]!).join())
      .map((key) => `${key}: ${partsOf(es[key]!).join()}`);
    expect(englishKeyed).toEqual([]);
  });

  it('has every key its code asks for', () => {
    const known = new Set([...Object.keys(en), ...Object.keys(read('shared', 'en'))]);
    const missing = sourceFiles(path.join(root, folder, 'src')).flatMap((file) =>
      [...withoutComments(readFileSync(file, 'utf8')).matchAll(ASKED)]
        .map((match) => match[1] ?? match[2]!)
        .filter((key) => !known.has(key))
        .map((key) => `${path.relative(root, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});

// An English-keyed message is kept under a 32-bit hash of its English (shared/src/i18n/catalogKey.cjs):
// two messages with one hash would show one's Spanish for the other, so the catalogs must have none.
it('keeps each English-keyed message under a hash of its own', () => {
  const byKey = new Map<string, Set<string>>();
  for (const { folder } of apps) {
    for (const english of Object.keys(read(folder, 'es')).filter((key) => !ID.test(key))) {
      const key = catalogKey(english);
      byKey.set(key, (byKey.get(key) ?? new Set()).add(english));
    }
  }
  expect(byKey.size).toBeGreaterThan(0);
  expect([...byKey.values()].filter((messages) => messages.size > 1).map((messages) => [...messages])).toEqual([]);
});

it('compiles an English-keyed message under its hash and an id under itself', () => {
  const compiled = compileCatalog({ 'check.pay': 'Pagar', 'Card number is required': 'Obligatorio' });
  expect(Object.keys(compiled)).toEqual(['check.pay', catalogKey('Card number is required')]);
  expect(catalogKey('Card number is required')).toMatch(/^#[0-9a-z]+$/);
});

// A compiled plural is selects over values messageOf adds (shared/src/i18n/plurals.cjs), so a page
// makes no number formatter for one: each plural in every catalog must read as Lingui's own plural
// reads it, in both languages, for the counts a page shows.
it('reads every plural as Lingui would, making no number formatter', () => {
  const lingui = (language: string, message: string) =>
    i18nWith(language as Language, { m: compileMessageOrThrow(message) } as never);
  const ours = (language: string, message: string) =>
    i18nWith(language as Language, { m: compileCatalog({ 'check.m': message })['check.m'] } as never);
  const plurals = apps.flatMap(({ folder }) =>
    (['en', 'es'] as const).flatMap((language) =>
      Object.values(read(folder, language))
        .filter((message) => /,\s*plural\s*,/.test(message))
        .map((message) => ({ language, message })),
    ),
  );
  expect(plurals.length).toBeGreaterThanOrEqual(10);
  // Every number a formatter writes reads its `format` (Lingui keeps its formatters, so it makes one only once).
  const numberFormat = jest.spyOn(Intl.NumberFormat.prototype, 'format', 'get');
  try {
    const differ = plurals.flatMap(({ language, message }) => {
      const values = (count: number) =>
        Object.fromEntries([...message.matchAll(/\{(\w+)/g)].map(([, name]) => [name, name === 'ids' ? '7' : count]));
      const expected = [0, 1, 2, 5, 21, 999].map((count) => lingui(language, message)._('m', values(count)));
      numberFormat.mockClear();
      const got = [0, 1, 2, 5, 21, 999].map((count) => messageOf(ours(language, message), 'm', values(count)));
      expect(numberFormat).not.toHaveBeenCalled();
      return got.join() === expected.join()
        ? []
        : [`${language} ${message}: ${got.join(' | ')} ≠ ${expected.join(' | ')}`];
    });
    expect(differ).toEqual([]);
  } finally {
    numberFormat.mockRestore();
  }
});
