import { tokenizeErrorText } from './tokenizeErrors';
import { emptyAddress, validateAddress, validateCard } from './validation';

const filled = {
  ...emptyAddress(),
  firstName: 'Casey',
  lastName: 'Morgan',
  email: 'casey@example.com',
  phone: '(512) 555-0188',
  address1: '1 Main St',
  state: 'PR',
  city: 'San Juan',
  zip: '00901',
};

describe('checkout validation (spec §5)', () => {
  it('accepts a complete address in a US state, DC, Guam or Puerto Rico', () => {
    for (const state of ['TX', 'DC', 'GU', 'PR']) expect(validateAddress({ ...filled, state }, 'billing')).toEqual([]);
  });

  it('gives the spec messages, address 2 optional', () => {
    const messages = validateAddress({ ...emptyAddress(), country: 'Canada' }, 'billing').map((e) => e.message);
    expect(messages).toEqual([
      'Please enter your first name.',
      'Please enter your last name.',
      'Please enter a valid email address for shipping updates.',
      'Please enter a valid phone number for receipt.',
      'Please enter your shipping address.',
      'Please select a valid country.',
      'Please provide a valid state.',
      'City required.',
      'Zip code required.',
    ]);
  });

  it('names the fields by their ids and wants a 5-digit or ZIP+4 code, as the server does', () => {
    expect(validateAddress({ ...filled, address1: ' ', zip: '787' }, 'billing')).toEqual([
      { field: 'billing-address1', message: 'Please enter your shipping address.' },
      { field: 'billing-zip', message: 'Zip code required.' },
    ]);
    expect(validateAddress({ ...filled, zip: '00901-1234' }, 'delivery', false)).toEqual([]);
  });

  it('asks a delivery address for no email or phone', () => {
    const fields = validateAddress(emptyAddress(), 'delivery', false).map((e) => e.field);
    expect(fields).not.toContain('delivery-email');
    expect(fields).not.toContain('delivery-phone');
  });

  it('requires every card field with the spec messages', () => {
    expect(
      validateCard({ holderName: '', cardNumber: ' - ', expiryMonth: '13', expiryYear: '30', cvv: '' }).map(
        (e) => e.message,
      ),
    ).toEqual([
      'Name on card is required',
      'Card number is required',
      'Card expiration month is required',
      'Card expiration year is required',
      'Card CVV is required',
    ]);
  });

  it('takes month 1 to 12 with or without its zero, and a grouped card number', () => {
    const card = { holderName: 'Casey', cardNumber: '4111 1111 1111 1111', expiryYear: '2030', cvv: '123' };
    for (const expiryMonth of ['1', '01', '9', '12']) expect(validateCard({ ...card, expiryMonth })).toEqual([]);
    expect(validateCard({ ...card, expiryMonth: '0' }).map((e) => e.field)).toEqual(['expiryMonth']);
  });
});

describe('tokenise errors (spec §8)', () => {
  it('shows field: message lines, then errorMessage, then the unknown error', () => {
    expect(
      tokenizeErrorText({
        errors: [
          { field: 'cardNumber', message: 'Card number is not valid' },
          { field: 'cvv', message: 'CVV must be 3 or 4 digits' },
        ],
      }),
    ).toBe('cardNumber: Card number is not valid\ncvv: CVV must be 3 or 4 digits');
    expect(tokenizeErrorText({ errorMessage: 'Gateway busy' })).toBe('Gateway busy');
    expect(tokenizeErrorText({})).toBe('An unknown payment error occurred');
  });
});
