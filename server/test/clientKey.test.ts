// Per-client limits count a client by its address: an IPv6 client by its /64 network, since one
// household or phone is given a whole /64 (src/trustedClient.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientKeyOf } from '../src/platform/http/trustedClient';

describe('clientKeyOf', () => {
  it('keeps an IPv4 address as it is, and reads an IPv4-mapped IPv6 address as its IPv4', () => {
    assert.equal(clientKeyOf('203.0.113.7'), '203.0.113.7');
    assert.equal(clientKeyOf('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(clientKeyOf('::FFFF:203.0.113.7'), '203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const key = '2001:db8:5:6::/64';
    for (const address of [
      '2001:db8:5:6::1',
      '2001:0DB8:0005:0006:ffff:ffff:ffff:ffff',
      '2001:db8:5:6:1:2:3:4',
      '[2001:db8:5:6::9]',
      '2001:db8:5:6::1%eth0',
    ]) {
      assert.equal(clientKeyOf(address), key, address);
    }
    assert.notEqual(clientKeyOf('2001:db8:5:7::1'), key);
    assert.equal(clientKeyOf('::1'), '0:0:0:0::/64');
    assert.equal(clientKeyOf('fe80::1'), 'fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    assert.equal(clientKeyOf('unknown'), 'unknown');
  });
});
