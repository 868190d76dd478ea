import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizePhone } from '../src/phone';

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
});
