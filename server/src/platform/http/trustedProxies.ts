import net from 'node:net';
import type { Config } from '../config/config';

/** Where a load balancer in front of the server connects from: loopback and private networks. */
const PRIVATE_NETWORKS = new net.BlockList();
for (const [network, prefix, type] of [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, type);
}

const isPrivate = (address: string) =>
  net.isIPv4(address)
    ? PRIVATE_NETWORKS.check(address, 'ipv4')
    : net.isIPv6(address) && PRIVATE_NETWORKS.check(address, 'ipv6');

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A list of addresses/CIDR ranges is Fastify's own: only a
 * peer in it is believed about X-Forwarded-For. A hop count (which Fastify itself refuses, since it
 * cannot tell a proxy from a client that writes the header) believes the nearest `hops` addresses
 * only when the connection comes from a loopback or private address, so a client reaching the
 * server directly from the internet cannot pick its own address; a proxy that connects from a
 * public address must be listed instead.
 */
export function trustProxyOption(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(setting)) return setting.length ? setting : false;
  if (!setting) return false;
  const hops = setting;
  return (address, hop) => hop < hops && (hop > 0 || isPrivate(address));
}
