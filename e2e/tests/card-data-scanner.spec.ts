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
  });

  test('leaves ordinary data alone', () => {
    expect(
      findCardData(
        '{"responseTime":11.790022000001045,"time":1795350683177,"phone":"5125550101","ref":"ch_8f2a","last4":"1111","brand":"visa","id":4111111111111112}',
      ),
    ).toEqual([]);
  });
});
