import {
  cleanPhoneInput,
  formatPhone,
  maskPhone,
  normalizePhone,
  phoneDigits,
  registerPhone,
  sharePhone,
} from './phone';

describe('normalizePhone (forms: checkout, student page)', () => {
  it.each([
    ['5125550188', '5125550188'],
    ['(512) 555-0188', '5125550188'],
    ['+1 512.555.0188', '5125550188'],
    ['15125550188', '5125550188'],
  ])('%s is %s', (input, expected) => expect(normalizePhone(input)).toBe(expected));

  it.each(['512555018', '25125550188', '512-555-0188 x1', 'phone', ''])('%s is not a phone number', (input) =>
    expect(normalizePhone(input)).toBeUndefined(),
  );
});

describe('sharePhone (spec §5/§9: 10 digits, or 11 with the country code)', () => {
  it('keeps the 10 digits', () => {
    expect(sharePhone('5125550188')).toBe('5125550188');
    expect(sharePhone('15125550188')).toBe('5125550188');
    expect(sharePhone('512-555-0188')).toBe('5125550188');
  });
  it('refuses other counts and an 11th digit that is not the country code', () => {
    expect(sharePhone('512555018')).toBeUndefined();
    expect(sharePhone('25125550188')).toBeUndefined();
    expect(sharePhone('125125550188')).toBeUndefined();
    expect(sharePhone('151255501889')).toBeUndefined();
  });
});

describe('registerPhone (spec §5/§9: exactly 10 digits)', () => {
  it('takes 10 digits only', () => {
    expect(registerPhone('(512) 555-0188')).toBe('5125550188');
    expect(registerPhone('15125550188')).toBeUndefined();
    expect(registerPhone('512555018')).toBeUndefined();
    expect(registerPhone('512 555 018')).toBeUndefined();
    expect(registerPhone('1 512 555 0188')).toBeUndefined();
  });
});

describe('phone input and display', () => {
  it('cleans the activate field to digits, spaces, parentheses and dashes', () => {
    expect(cleanPhoneInput('(512) 555-0188 abc.+')).toBe('(512) 555-0188 ');
    expect(cleanPhoneInput('(512) 555-0188')).toBe('(512) 555-0188');
    expect(cleanPhoneInput('+1 512.555.0188x')).toBe('1 5125550188');
    expect(cleanPhoneInput('abc')).toBe('');
  });
  it('takes only the digits', () => expect(phoneDigits('(512) 555-0188')).toBe('5125550188'));
  it('formats 10 digits, and 11 with a leading 1', () => {
    expect(formatPhone('5125550188')).toBe('(512) 555-0188');
    expect(formatPhone('15125550188')).toBe('(512) 555-0188');
  });
  it('leaves anything else as given', () => {
    expect(formatPhone('555-0188')).toBe('555-0188');
    expect(formatPhone('')).toBe('');
  });
  it('masks all but the last four digits', () => expect(maskPhone('5125550188')).toBe('***-***-0188'));
});
