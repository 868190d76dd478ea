import { donationCents, validateOrder, type OrderFormValues } from './validation';

const valid: OrderFormValues = {
  studentFirstName: 'Jordan',
  studentLastName: 'Rivera',
  totalQuantity: 1,
  donationChoice: null,
  customDonation: '',
};

describe('order validation (spec §5)', () => {
  it('accepts an item, a tier or a custom amount of at least $35', () => {
    expect(validateOrder(valid)).toEqual([]);
    expect(validateOrder({ ...valid, totalQuantity: 0, donationChoice: 15000 })).toEqual([]);
    expect(validateOrder({ ...valid, totalQuantity: 0, donationChoice: 'custom', customDonation: '35' })).toEqual([]);
  });

  it('asks for the student names with the exact messages', () => {
    expect(validateOrder({ ...valid, studentFirstName: ' ', studentLastName: '' })).toEqual([
      { field: 'studentFirstName', message: 'Please enter a first name for the student.' },
      { field: 'studentLastName', message: 'Please enter a last name for the student.' },
    ]);
  });

  it('needs an item or a donation', () => {
    expect(validateOrder({ ...valid, totalQuantity: 0 })).toEqual([
      { field: 'items', message: 'Please select an item.' },
    ]);
  });

  it('refuses a custom donation under $35 or not a number', () => {
    for (const customDonation of ['34.99', '', 'abc', '-50']) {
      expect(validateOrder({ ...valid, totalQuantity: 0, donationChoice: 'custom', customDonation })).toEqual([
        { field: 'customDonation', message: 'Donation must be at least $35.00.' },
      ]);
    }
  });

  it('turns a choice into cents', () => {
    expect(donationCents({ donationChoice: null, customDonation: '' })).toBe(0);
    expect(donationCents({ donationChoice: 7500, customDonation: '' })).toBe(7500);
    expect(donationCents({ donationChoice: 'custom', customDonation: '$1,000.50' })).toBe(100050);
  });
});
