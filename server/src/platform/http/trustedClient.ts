import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, in full ("2001:db8::1" → 2001,db8,0,0,0,0,0,1). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  if (tail === undefined) return groups(head);
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
}

/**
 * Whom a per-client limit counts a request against, from its address (`request.ip`: the peer, or
 * behind TRUST_PROXY the client the trusted proxies saw): an IPv4 address as it is, an IPv6 address
 * by its /64 network, since one household or phone is given a whole /64 and could otherwise take a
 * fresh budget with every address in it. An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is its IPv4.
 */
export function clientKeyOf(ip: string): string {
  const address = ip.replace(/^\[|\]$/g, '').split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const network = ipv6Groups(address.toLowerCase())
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''));
  return `${network.join(':')}::/64`;
}
