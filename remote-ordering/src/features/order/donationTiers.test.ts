import { chosenDonation, parseDollars } from './donationTiers';

describe('a donation as chosen on the order page', () => {
  it('reads a typed amount of dollars as cents, and anything else as no amount', () => {
    expect(parseDollars('$1,000.50')).toBe(100050);
    expect(parseDollars('35')).toBe(3500);
    for (const text of ['', 'abc', '-50', '1.234']) expect(parseDollars(text)).toBeUndefined();
  });

  it('turns a choice into cents: none, a tier, a custom amount, or undefined for a custom amount that is none', () => {
    expect(chosenDonation({ donationChoice: null, customDonation: '' })).toBe(0);
    expect(chosenDonation({ donationChoice: 7500, customDonation: '' })).toBe(7500);
    expect(chosenDonation({ donationChoice: 'custom', customDonation: '$1,000.50' })).toBe(100050);
    expect(chosenDonation({ donationChoice: 'custom', customDonation: '20' })).toBe(2000);
    for (const customDonation of ['', 'abc', '0', '0.00']) {
      expect(chosenDonation({ donationChoice: 'custom', customDonation })).toBeUndefined();
    }
  });
});
