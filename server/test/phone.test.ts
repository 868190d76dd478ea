import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizePhone, PHONE_MESSAGE } from '@fu/shared/rules';
import { HttpError } from '../src/errors';
import { requirePhone } from '../src/phone';

describe('phone numbers', () => {
  it('stores one form: the 10-digit national number', () => {
    assert.equal(normalizePhone('5125550101'), '5125550101');
    assert.equal(normalizePhone('(512) 555-0101'), '5125550101');
    assert.equal(normalizePhone('+1 512 555 0101'), '5125550101');
    assert.equal(normalizePhone('15125550101'), '5125550101');
  });

  it('refuses anything else', () => {
    for (const input of ['', '12345', '25125550101', '512555010a', '512-555-01012']) {
      assert.equal(normalizePhone(input), undefined, input);
    }
  });

  it('answers a request that gives no phone number with a 400 naming the field', () => {
    assert.equal(requirePhone('+1 (512) 555-0101'), '5125550101');
    assert.throws(
      () => requirePhone('555-0101', 'supporterPhone'),
      (error: unknown) =>
        error instanceof HttpError &&
        error.statusCode === 400 &&
        error.message === PHONE_MESSAGE &&
        error.errors?.[0]?.field === 'supporterPhone',
    );
  });
});
