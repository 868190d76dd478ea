import { formatPhone } from './phone';

describe('formatPhone', () => {
  it('formats 10 digits, and 11 with a leading 1', () => {
    expect(formatPhone('5125550188')).toBe('(512) 555-0188');
    expect(formatPhone('15125550188')).toBe('(512) 555-0188');
  });
  it('leaves anything else as given', () => {
    expect(formatPhone('555-0188')).toBe('555-0188');
    expect(formatPhone('')).toBe('');
  });
});
