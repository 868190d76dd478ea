import { hasInvisibleCharacter, hasLinkOrDomain, safeTypedText, tidyTypedText } from './typedText';

describe('hasLinkOrDomain (names and check numbers we pass on)', () => {
  it.each([
    'Visit http://evil.example/win',
    'https://x.co',
    'HTTP://EVIL.EXAMPLE',
    'www.evil',
    'evil.example',
    'go to evil.example now',
    'evil.example/win',
    'sub.evil.co.uk',
    'xn--80ak6aa92e.com',
    'evil。example',
    'evil．example',
    'ｅｖｉｌ．ｅｘａｍｐｌｅ',
    'ev\u200Bil.example',
    'Refund at paypal\uFE00.com',
    'evil.c\u034Fom',
    'evil.co\u{E0100}m',
    'evil.c\u180Bom',
    'évil.exámple',
    'mailto:someone',
    'someone@evil.example',
    '10.0.0.1',
    'пример.рф',
  ])('%s holds a link or domain', (text) => expect(hasLinkOrDomain(text)).toBe(true));

  it.each([
    'Jordan',
    'Mary-Kate',
    "O'Neil",
    'J.R.R. Tolkien',
    'St. John',
    'Dr. Émile Zola Jr.',
    'José María',
    'Nguyễn Văn A',
    '李小龙',
    'محمد',
    '1001',
    'A-1234',
    '',
  ])('%s holds none', (text) => expect(hasLinkOrDomain(text)).toBe(false));
});

describe('invisible and direction-changing characters', () => {
  it.each([
    ['right-to-left override', 'Jordan\u202Egnp.exe'],
    ['left-to-right isolate', '\u2066Jordan\u2069'],
    ['zero-width space', 'Jor\u200Bdan'],
    ['zero-width joiner', 'Jor\u200Ddan'],
    ['right-to-left mark', 'Jordan\u200F'],
    ['byte-order mark', '\uFEFFJordan'],
    ['soft hyphen', 'Jor\u00ADdan'],
    ['line separator', 'Jordan\u2028Rivera'],
    ['tag character', 'Jordan\u{E0041}'],
    ['Hangul filler', 'Jordan\u3164'],
    ['variation selector', 'Jordan\uFE00'],
    ['combining grapheme joiner', 'Jor\u034Fdan'],
    ['newline', 'Jordan\nRivera'],
  ])('a %s is found', (_what, text) => expect(hasInvisibleCharacter(text)).toBe(true));

  it('plain names have none', () => {
    expect(hasInvisibleCharacter('José María Nguyễn-O’Neil')).toBe(false);
  });

  it('tidying removes them, turns line breaks and tabs into spaces, and trims', () => {
    expect(tidyTypedText('  Jordan\u202E\u200B \n\tRivera  ')).toBe('Jordan Rivera');
    expect(tidyTypedText('Jor\u00ADdan')).toBe('Jordan');
    expect(tidyTypedText('José')).toBe('José');
  });
});

describe('safeTypedText (what reaches an e-mail, a receipt, a text or a preview)', () => {
  it.each([
    ['Visit http://evil.example/win', 'Visit'],
    ['Jordan evil.example', 'Jordan'],
    ['Win at www.evil.example today', 'Win at today'],
    // Without the override it reads as the domain it is: gone whole.
    ['Jordan\u202Egnp.exe', ''],
    ['Jordan \u202Erevir', 'Jordan revir'],
    ['ｅｖｉｌ．ｅｘａｍｐｌｅ Jordan', 'Jordan'],
    ['Jordan Rivera', 'Jordan Rivera'],
    ['J.R.R. Tolkien', 'J.R.R. Tolkien'],
    ['Émile', 'Émile'],
    // No colon, @ or dot: LINK is not run, and what NFKC makes of the text is still tidied.
    ['Ana \u00A8', 'Ana \u0308'],
    ['\u00A8Ana', '\u0308Ana'],
    ['Ana\u00A0\u2003Lopez', 'Ana Lopez'],
  ])('%s becomes %s', (text, expected) => expect(safeTypedText(text)).toBe(expected));

  it('leaves no link in any mix of look-alikes and invisible characters', () => {
    for (const text of ['e\u200Bvil.ex\u200Dample', 'evil\u3002example', 'a@b.example', 'x://y']) {
      expect(hasLinkOrDomain(safeTypedText(text))).toBe(false);
      expect(hasInvisibleCharacter(safeTypedText(text))).toBe(false);
    }
  });
});
