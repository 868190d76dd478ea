import {
  cleanPhoneInput,
  formatPhone,
  isNanpNumber,
  maskPhone,
  normalizePhone,
  phoneDigits,
  registerPhone,
  sharePhone,
} from './phone';
import { AREA_CODES_OUTSIDE_US_AND_CANADA, canTextPhone } from './textablePhone';

describe('isNanpNumber (North American Numbering Plan: NXX-NXX-XXXX)', () => {
  it.each([
    ['2125550100', 'a fictional New York line'],
    ['3125550199', 'a fictional Chicago line'],
    ['5125550188', 'an Austin number'],
    ['4165550100', 'a Toronto number'],
    ['8765550100', 'a Jamaican number: NANP, if not textable'],
    ['8885550142', 'a toll-free number'],
    ['2125550911', 'a line number ending in 911: N11 is about the area code and the exchange'],
  ])('%s is a number (%s)', (digits) => expect(isNanpNumber(digits)).toBe(true));

  it.each([
    ['1234567890', 'an area code starting with 1'],
    ['0000000000', 'an area code starting with 0'],
    ['2121550100', 'an exchange starting with 1'],
    ['2120550100', 'an exchange starting with 0'],
    ['2125110100', 'exchange 511, a service code'],
    ['2129110100', 'exchange 911'],
    ['9115550100', 'area code 911'],
    ['2115550100', 'area code 211'],
    ['3705550100', 'area code 370, held back (37X)'],
    ['3795550100', 'area code 379, held back (37X)'],
    ['9605550100', 'area code 960, held back (96X)'],
    ['2905550100', 'area code 290, kept for expansion (N9X)'],
    ['5555550100', 'area code 555, no service'],
    ['212555010', 'nine digits'],
    ['12125550100', 'eleven digits'],
  ])('%s is not (%s)', (digits) => expect(isNanpNumber(digits)).toBe(false));
});

describe('normalizePhone (forms: checkout, student page)', () => {
  it.each([
    ['5125550188', '5125550188'],
    ['(512) 555-0188', '5125550188'],
    ['+1 512.555.0188', '5125550188'],
    ['15125550188', '5125550188'],
  ])('%s is %s', (input, expected) => expect(normalizePhone(input)).toBe(expected));

  it.each([
    '512555018',
    '25125550188',
    '512-555-0188 x1',
    'phone',
    '',
    '1234567890',
    '(123) 456-7890',
    '0000000000',
    '212-911-0100',
    '+1 911 555 0100',
    '1 (555) 555-0100',
  ])('%s is not a phone number', (input) => expect(normalizePhone(input)).toBeUndefined());
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
  it('refuses digits that make no NANP number', () => {
    expect(sharePhone('1234567890')).toBeUndefined();
    expect(sharePhone('11234567890')).toBeUndefined();
    expect(sharePhone('2129110100')).toBeUndefined();
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
  it('refuses 10 digits that make no NANP number', () => {
    expect(registerPhone('0000000000')).toBeUndefined();
    expect(registerPhone('(370) 555-0100')).toBeUndefined();
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
  it('lays out any 10 digits, a number stored before the NANP rule too', () =>
    expect(formatPhone('1234567890')).toBe('(123) 456-7890'));
  it('leaves anything else as given', () => {
    expect(formatPhone('555-0188')).toBe('555-0188');
    expect(formatPhone('')).toBe('');
  });
  it('masks all but the last four digits', () => expect(maskPhone('5125550188')).toBe('***-***-0188'));
});

describe('canTextPhone (texts go to US and Canadian numbers only)', () => {
  it.each([
    ['2125550100', 'New York'],
    ['2405550100', 'Maryland (240, not a Caribbean code)'],
    ['4165550100', 'Toronto'],
    ['6045550100', 'Vancouver'],
    ['7875550100', 'Puerto Rico'],
    ['9395550100', 'Puerto Rico'],
    ['3405550100', 'US Virgin Islands'],
    ['6715550100', 'Guam'],
    ['6705550100', 'Northern Mariana Islands'],
    ['6845550100', 'American Samoa'],
  ])('%s may be texted (%s)', (phone) => expect(canTextPhone(phone)).toBe(true));

  it.each([
    ['8765550100', 'Jamaica'],
    ['6585550100', 'Jamaica'],
    ['2425550100', 'Bahamas'],
    ['4415550100', 'Bermuda'],
    ['8095550100', 'Dominican Republic'],
    ['8495550100', 'Dominican Republic'],
    ['8685550100', 'Trinidad and Tobago'],
  ])('%s may not (%s)', (phone) => expect(canTextPhone(phone)).toBe(false));

  it('lists only area codes of the plan', () => {
    expect(AREA_CODES_OUTSIDE_US_AND_CANADA.size).toBe(21);
    for (const areaCode of AREA_CODES_OUTSIDE_US_AND_CANADA) expect(isNanpNumber(`${areaCode}5550100`)).toBe(true);
  });
});
