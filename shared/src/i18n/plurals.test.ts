import { i18nWith } from './catalogs';
import { messageOf } from './catalogKey.cjs';
import { compileCatalog } from './compileCatalog.cjs';
import type { Language } from './languages';

// Plurals compiled to selects (plurals.cjs, compileCatalog.cjs); scripts/catalogs.test.ts checks
// every catalog's plurals against Lingui's own.

const format = (language: Language, message: string, values: Record<string, unknown>) =>
  messageOf(i18nWith(language, compileCatalog({ 'test.m': message }) as never), 'test.m', values);

const USES = '{count, plural, =0 {No uses left} one {# use left} other {# uses left}}';

it('picks an exact value, then the plural category, and writes # as the page writes numbers', () => {
  expect([0, 1, 2, 1500].map((count) => format('en', USES, { count }))).toEqual([
    'No uses left',
    '1 use left',
    '2 uses left',
    '1,500 uses left',
  ]);
  const spanish = '{count, plural, one {Queda # uso} other {Quedan # usos}}';
  expect([0, 1, 1500].map((count) => format('es', spanish, { count }))).toEqual([
    'Quedan 0 usos',
    'Queda 1 uso',
    'Quedan 1,500 usos',
  ]);
});

it('keeps a plural inside a select, a select inside a plural, and a # only in the choice itself', () => {
  const message =
    '{who, select, team {{n, plural, one {# team gift} other {# team gifts {kind, select, big {# big} other {}}}}} other {-}}';
  expect(format('en', message, { who: 'team', n: 1, kind: 'big' })).toBe('1 team gift');
  // Lingui writes '#' in a plural's own choices; a select's choice inside one keeps it as it is.
  expect(format('en', message, { who: 'team', n: 3, kind: 'big' })).toBe('3 team gifts # big');
  expect(format('en', message, { who: 'other', n: 3 })).toBe('-');
});

it('reads a plural with its count missing as Lingui does (the other choice), and refuses an offset', () => {
  expect(format('en', '{count, plural, one {# uso} other {several}}', {})).toBe('several');
  expect(() => compileCatalog({ 'test.m': '{n, plural, offset:1 one {#} other {#}}' })).toThrow(/offset/);
});

it('still reads a catalog compiled before 2.7, whose plurals are Lingui’s own', () => {
  const before = i18nWith('en', {
    'test.m': [['count', 'plural', { 0: ['none'], one: ['#', ' ticket'], other: ['#', ' tickets'] }]],
  } as never);
  expect([0, 1, 3].map((count) => messageOf(before, 'test.m', { count }))).toEqual(['none', '1 ticket', '3 tickets']);
});
