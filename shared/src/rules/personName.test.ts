import { tidyPersonName } from './personName';

describe('tidyPersonName (names kept as a person writes them, issue 31)', () => {
  it.each([
    ['  jordan   rivera ', 'given', 'Jordan Rivera'],
    ['jordan', 'given', 'Jordan'],
    ['RIVERA', 'family', 'Rivera'],
    ['mary-kate', 'given', 'Mary-Kate'],
    ["o'neil", 'family', "O'Neil"],
    ["O'NEIL", 'family', "O'Neil"],
    ['o\u2019neil', 'family', 'O\u2019Neil'],
    ["d'angelo", 'family', "D'Angelo"],
    ['mcdonald', 'family', 'McDonald'],
    ['de la cruz', 'family', 'de la Cruz'],
    ['DE LA CRUZ', 'family', 'de la Cruz'],
    ['van der berg', 'family', 'van der Berg'],
    ['la', 'family', 'La'],
    ['la toya', 'given', 'La Toya'],
    ['garcía-lópez', 'family', 'García-López'],
    ['JOSÉ MARÍA', 'given', 'José María'],
    ['st. john', 'family', 'St. John'],
    ['TJ', 'given', 'TJ'],
    ['J.R.', 'given', 'J.R.'],
    ['tj', 'given', 'Tj'],
    ['NG', 'family', 'Ng'],
    ['jor\u200Bdan\tlee', 'given', 'Jordan Lee'],
  ] as const)('%s (%s) → %s', (typed, part, kept) => expect(tidyPersonName(typed, part)).toBe(kept));

  it.each([
    ['McDonald', 'family'],
    ['DeShawn', 'given'],
    ['de la Cruz', 'family'],
    ['van der Berg', 'family'],
    ["O'Neil", 'family'],
    ['MacKenzie', 'family'],
    ['Mackenzie', 'family'],
    ['le Blanc', 'family'],
    ['李小龙', 'given'],
    ['محمد', 'given'],
  ] as const)('%s, written with care (mixed case or no case), is kept', (typed, part) =>
    expect(tidyPersonName(typed, part)).toBe(typed),
  );

  it('keeps nothing invisible and no doubled space, whatever the case', () => {
    expect(tidyPersonName('  Ana \u202E Maria  ', 'given')).toBe('Ana Maria');
    expect(tidyPersonName('', 'family')).toBe('');
  });
});
