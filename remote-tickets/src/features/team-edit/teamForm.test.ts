import { validateTeamForm, type TeamFormValues } from './teamForm';

const valid: TeamFormValues = {
  name: 'Varsity Football',
  imgUrl: 'https://cdn.example.test/logo.png',
  imgFile: null,
  link1: 'https://example.test/1',
  link2: 'https://example.test/2',
  link3: 'http://example.test/3',
};

describe('team form (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(validateTeamForm(valid)).toEqual([]);
  });

  it('needs a valid photo url and three valid links, in the spec words', () => {
    const messages = validateTeamForm({
      ...valid,
      imgUrl: 'logo.png',
      link1: '',
      link2: 'javascript:alert(1)',
      link3: 'ftp://x',
    }).map((e) => e.message);
    expect(messages).toEqual([
      'Valid url is required.',
      'Valid link1 is required.',
      'Valid link2 is required.',
      'Valid link3 is required.',
    ]);
  });

  it('takes a png or jpeg file instead of the url, nothing else', () => {
    const png = new File(['x'], 'logo.png', { type: 'image/png' });
    const gif = new File(['x'], 'logo.gif', { type: 'image/gif' });
    expect(validateTeamForm({ ...valid, imgUrl: '', imgFile: png })).toEqual([]);
    expect(validateTeamForm({ ...valid, imgFile: gif }).map((e) => e.message)).toEqual(['Valid png or jpeg required.']);
  });
});
