import { cleanPhoneInput, isRegisterablePhone, phoneDigits } from './phoneInput';

describe('activate phone field (spec §5)', () => {
  it('drops everything but digits, spaces, parentheses and dashes', () => {
    expect(cleanPhoneInput('(512) 555-0188')).toBe('(512) 555-0188');
    expect(cleanPhoneInput('+1 512.555.0188x')).toBe('1 5125550188');
    expect(cleanPhoneInput('abc')).toBe('');
  });

  it('is ready at exactly 10 digits and sends only the digits', () => {
    expect(isRegisterablePhone('(512) 555-0188')).toBe(true);
    expect(isRegisterablePhone('512 555 018')).toBe(false);
    expect(isRegisterablePhone('1 512 555 0188')).toBe(false);
    expect(phoneDigits('(512) 555-0188')).toBe('5125550188');
  });
});
