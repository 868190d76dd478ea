import { expect, test } from '@playwright/test';
import { findCardData } from '../support/cardData';

// The scan that ends every e2e run (support/global-setup.ts) must be able to fail.
test.describe('card data scanner', () => {
  test('finds card numbers and card-data keys', () => {
    expect(findCardData('{"msg":"charge","card":"4111111111111111"}')).toEqual(['card number 4111…1111']);
    expect(findCardData('declined 4000000000000002 at noon')).toEqual(['card number 4000…0002']);
    expect(findCardData('the card was 4111111111111111.')).toEqual(['card number 4111…1111']);
    expect(findCardData('{"cvv":"123"}')).toEqual(['key cvv']);
    expect(findCardData('{"cardNumber":"x"}')).toEqual(['key cardNumber']);
    expect(findCardData('POST /charge?pan=4111111111111111&cvv2=123')).toEqual(['card number 4111…1111']);
    expect(findCardData('orders: {"note":"card 378282246310005 on file"}')).toEqual(['card number 3782…0005']);
  });

  test('leaves ordinary data alone', () => {
    expect(
      findCardData(
        '{"responseTime":11.790022000001045,"time":1795350683177,"phone":"5125550101","ref":"ch_8f2a","last4":"1111","brand":"visa","id":4111111111111112}',
      ),
    ).toEqual([]);
  });

  test('leaves hex hashes alone, even one with a Luhn-valid run of 16 digits inside', () => {
    // An order's owner_key_hash as the database dump shows it: SHA-256 in hex (64 characters).
    const hash = 'e3b0c44298fc1c14a4111111111111111bc9afbf4c8996fb92427ae41e4649b9';
    expect(findCardData(`orders: {"id":7,"owner_key_hash":"${hash}"}`)).toEqual([]);
    expect(findCardData(`phone_codes: {"code_hash":"4111111111111111${hash.slice(16)}"}`)).toEqual([]);
    // Only whole 64-digit hashes are left out: a card number next to letters is still found.
    expect(findCardData('note: card4111111111111111x')).toEqual(['card number 4111…1111']);
    expect(findCardData(`"${hash.slice(0, 16)}x4111111111111111"`)).toEqual(['card number 4111…1111']);
  });
});
