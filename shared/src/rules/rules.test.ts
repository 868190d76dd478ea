import { CHECKOUT_MESSAGES, PAYMENT_TYPES } from '../contracts/constants';
import { cashCheckAllows, offersCashCheckOrder, recordingSaleLine } from './cashCheck';
import { studentShortName } from './studentName';
import { GUID_LENGTH, isGuid } from './guid';
import { paidWith, receiptPaymentMethod } from './paymentWording';
import { stateCode, supporterProblems, type SupporterFields } from './supporterDetails';
import { ticketLink } from './ticketLink';
import { testT } from '../testing/translator';

const t = testT();

const supporter: SupporterFields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '(512) 555-0188',
  address: '1 Main St',
  country: 'United States',
  state: 'TX',
  city: 'Austin',
  zip: '78701',
};

describe('supporterProblems (spec §5, pages and server alike)', () => {
  it('accepts a complete US address', () => expect(supporterProblems(supporter)).toEqual([]));

  it('names each missing or invalid field with the spec message', () => {
    const blank = {
      firstName: ' ',
      lastName: '',
      email: 'x@y',
      phone: '555',
      address: '',
      state: 'ZZ',
      city: '',
      zip: '',
    };
    expect(supporterProblems({ ...blank, country: 'Canada' })).toEqual([
      { field: 'firstName', message: CHECKOUT_MESSAGES.firstName },
      { field: 'lastName', message: CHECKOUT_MESSAGES.lastName },
      { field: 'email', message: CHECKOUT_MESSAGES.email },
      { field: 'phone', message: CHECKOUT_MESSAGES.phone },
      { field: 'address', message: CHECKOUT_MESSAGES.address },
      { field: 'country', message: CHECKOUT_MESSAGES.country },
      { field: 'state', message: CHECKOUT_MESSAGES.state },
      { field: 'city', message: CHECKOUT_MESSAGES.city },
      { field: 'zip', message: CHECKOUT_MESSAGES.zip },
    ]);
  });

  it('wants a 5-digit or ZIP+4 code', () => {
    expect(supporterProblems({ ...supporter, zip: '78701-1234' })).toEqual([]);
    expect(supporterProblems({ ...supporter, zip: '787' })).toEqual([{ field: 'zip', message: CHECKOUT_MESSAGES.zip }]);
  });

  it('skips e-mail and phone for an address without contact details', () => {
    expect(supporterProblems({ ...supporter, email: '', phone: '' }, { withContact: false })).toEqual([]);
  });

  it('takes a state by code or name, and no country as the United States', () => {
    expect(stateCode('texas')).toBe('TX');
    expect(stateCode('pr')).toBe('PR');
    expect(supporterProblems({ ...supporter, country: undefined, state: 'Texas' })).toEqual([]);
  });

  it('wants a phone number of the numbering plan; a receipt phone outside the US and Canada is one', () => {
    expect(supporterProblems({ ...supporter, phone: '123-456-7890' })).toEqual([
      { field: 'phone', message: CHECKOUT_MESSAGES.phone },
    ]);
    expect(supporterProblems({ ...supporter, phone: '(876) 555-0100' })).toEqual([]);
  });
});

describe('cash and check (spec §6)', () => {
  it('allows type-0 options of items other than 43', () => {
    expect(cashCheckAllows({ itemId: 1, itemOptionTypeId: 0 })).toBe(true);
    expect(cashCheckAllows({ itemId: 43, itemOptionTypeId: 0 })).toBe(false);
    expect(cashCheckAllows({ itemId: 1, itemOptionTypeId: 1 })).toBe(false);
  });

  it('offers a cash/check order only with a type-0 option of an item other than 43, 44 or 46', () => {
    expect(offersCashCheckOrder([{ itemId: 1, optionTypeIds: [1, 0] }])).toBe(true);
    expect(offersCashCheckOrder([{ itemId: 11, optionTypeIds: [0] }])).toBe(true);
    expect(
      offersCashCheckOrder([
        { itemId: 44, optionTypeIds: [0] },
        { itemId: 2, optionTypeIds: [1] },
      ]),
    ).toBe(false);
    expect(offersCashCheckOrder([])).toBe(false);
  });

  it('ignores items 43, 44 and 46 however their options are typed, and ticket-type options', () => {
    expect(
      offersCashCheckOrder([
        { itemId: 43, optionTypeIds: [0] },
        { itemId: 44, optionTypeIds: [0] },
        { itemId: 46, optionTypeIds: [0] },
      ]),
    ).toBe(false);
    expect(offersCashCheckOrder([{ itemId: 45, optionTypeIds: [0] }])).toBe(true);
    expect(offersCashCheckOrder([{ itemId: 11, optionTypeIds: [1, 2] }])).toBe(false);
  });
});

describe('guids, ticket links and payment wording', () => {
  it('knows a strict 36-character UUID', () => {
    expect(isGuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isGuid('0f8fad5b-d9cb-469f-a165-70867728950')).toBe(false);
    expect(isGuid('0f8fad5bd9cb469fa16570867728950e0000')).toBe(false);
    expect(GUID_LENGTH).toBe(36);
  });

  it('builds a ticket link from the origin, with or without a trailing slash', () => {
    expect(ticketLink('https://example.org/', 'abc')).toBe('https://example.org/activateticket/abc');
    expect(ticketLink('https://example.org', 'abc')).toBe('https://example.org/activateticket/abc');
  });

  it('words the payment the same on every receipt', () => {
    expect(receiptPaymentMethod({ paymentTypeId: PAYMENT_TYPES.cash }, false, t)).toBe('Paid in cash');
    expect(receiptPaymentMethod({ paymentTypeId: PAYMENT_TYPES.check, checkNumber: '1234' }, false, t)).toBe(
      'Paid by check #1234',
    );
    expect(receiptPaymentMethod({ paymentTypeId: PAYMENT_TYPES.card, brand: 'visa', last4: '1111' }, false, t)).toBe(
      'Visa ending in 1111',
    );
    expect(paidWith(null, t)).toBe('Paid by card');
  });
});

describe('a student named to others (issue 31)', () => {
  it('is the first name and the last initial, each through the typed-text rule', () => {
    expect(studentShortName('Jordan', 'Rivera')).toBe('Jordan R.');
    expect(studentShortName('  Mary   Ann ', ' o’brien')).toBe('Mary Ann O.');
    expect(studentShortName('Émile', 'Étienne')).toBe('Émile É.');
    expect(studentShortName('Cher', '')).toBe('Cher');
    expect(studentShortName('Jor\u200Bdan\u202E', '\u2066evil.example')).toBe('Jordan');
  });

  it('is who the pages that record a cash or check sale name', () => {
    expect(recordingSaleLine('Jordan R.', t)).toBe('Recording a cash or check sale for Jordan R.');
    expect(recordingSaleLine('Cher', t)).toBe('Recording a cash or check sale for Cher.');
    expect(recordingSaleLine('', t)).toBe('Recording a cash or check sale.');
  });
});
