import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { config } from '@/lib/config';

// SSRF guard: a webhook may not reach loopback, private, link-local (cloud metadata) or otherwise internal addresses.
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for an address no webhook may reach; IPv4-mapped and NAT64 IPv6 forms are judged by their IPv4 address. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  const embedded = bare.toLowerCase().match(/^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (embedded) return blocked.check(embedded, 'ipv4');
  const mappedHex = bare.toLowerCase().match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (mappedHex) {
    const value = (parseInt(mappedHex[1]!, 16) << 16) | parseInt(mappedHex[2]!, 16);
    return blocked.check([24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.'), 'ipv4');
  }
  return blocked.check(bare, 'ipv6');
}

const privateTargetsAllowed = () => config().WEBHOOK_ALLOW_PRIVATE_TARGETS;

export class ForbiddenTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenTargetError';
  }
}

/**
 * Checks a webhook URL before it is stored: http(s) only, and no host that resolves to a forbidden address. A name
 * that does not resolve yet is accepted; it is judged again on every delivery.
 */
export async function assertAllowedWebhookUrl(rawUrl: string): Promise<void> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ForbiddenTargetError('must be an http(s) URL');
  if (privateTargetsAllowed()) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isForbiddenAddress(host)) throw new ForbiddenTargetError(`${host} is a loopback, private or link-local address`);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  const forbidden = addresses.find((entry) => isForbiddenAddress(entry.address));
  if (forbidden) throw new ForbiddenTargetError(`${host} resolves to ${forbidden.address}, a loopback, private or link-local address`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for outgoing webhook sockets: the check happens on the address actually connected to, so a name that
 * re-resolves to an internal address after registration (DNS rebinding) is still refused.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowed = privateTargetsAllowed() ? addresses : addresses.filter((entry) => !isForbiddenAddress(entry.address));
    if (!allowed.length) {
      return callback(Object.assign(new ForbiddenTargetError(`${hostname} resolves only to forbidden addresses`), { code: 'EFORBIDDENTARGET' }), []);
    }
    if (options.all) return callback(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
}

/** Refuses IP-literal URLs at delivery time (Node connects to literals without calling `lookup`). */
export function assertDeliverableHost(url: URL): void {
  if (privateTargetsAllowed()) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isForbiddenAddress(host)) throw new ForbiddenTargetError(`${host} is a loopback, private or link-local address`);
}
