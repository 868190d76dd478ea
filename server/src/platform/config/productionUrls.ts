import { BlockList } from 'node:net';
import { remotes } from '@fu/shared/remotes';
import type { Config } from './configType';

// A production rule: the addresses the server hands to browsers and to the people it texts and
// e-mails (the site's origin, the card gateway, each remote's entry) must be reachable from their
// devices. Their development defaults are this machine (localhost), which from a phone is the phone.

/** Addresses that name this machine: 127.0.0.0/8, ::1, and the unspecified 0.0.0.0 and ::. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('0.0.0.0', 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addAddress('::', 'ipv6');

/**
 * Whether `url` points at the machine it is read on: localhost or a name under `.localhost`, or a
 * loopback or unspecified address (IPv4-mapped ones too; URL has already normalised `127.1` and
 * `0x7f000001`). A value that is no URL is not this rule's business (the schema refuses it).
 */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  const name = hostname.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const address = hostname.replace(/^\[(.*)\]$/, '$1');
  if (address !== hostname) return LOOPBACK.check(address, 'ipv6');
  return /^[\d.]+$/.test(address) && LOOPBACK.check(address, 'ipv4');
}

type Addresses = Pick<Config, 'publicUrl' | 'gatewayUrl' | 'remotes'>;

/** Each variable of the rule, what its URL is for, and an example of a good value. */
function addressesOf(config: Addresses): { variable: string; url: string; problem: string }[] {
  return [
    {
      variable: 'PUBLIC_URL',
      url: config.publicUrl,
      problem:
        "links in texts and e-mails start with it; set the site's public origin, e.g. `https://fundraising.example.org`",
    },
    {
      variable: 'PAYMENT_GATEWAY_URL',
      url: config.gatewayUrl,
      problem:
        "browsers send card details there and the server charges there; set your card gateway's URL (a payment sandbox's only on a staging site: docs/operations.md#a-staging-site-with-test-cards)",
    },
    ...remotes.map((remote) => ({
      variable: remote.urlEnv,
      url: config.remotes[remote.name],
      problem: `browsers load the ${remote.name} pages from it; set where its build's remoteEntry.js is served, e.g. \`https://cdn.example.org/${remote.name}/remoteEntry.js\``,
    })),
  ];
}

/**
 * Every address production would send browsers to this machine with, one sentence each naming its
 * variable: unset ones have their localhost default, so they are named too.
 */
export function loopbackUrlProblems(config: Addresses): string[] {
  return addressesOf(config)
    .filter(({ url }) => isLoopbackUrl(url))
    .map(
      ({ variable, url, problem }) =>
        `${variable} is not set, or is at localhost or a loopback address (${url}): ${problem}.`,
    );
}
