import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { config } from '@/lib/config';

// SSRF guard (docs/contract.md#configuration, WEBHOOK_ALLOW_PRIVATE_TARGETS): unless allowed, a webhook may reach only global unicast
// addresses, never loopback, private, link-local (cloud metadata), documentation, benchmarking or other special-purpose
// ones. Addresses are parsed and classified by ipaddr.js's range names rather than matched as text, so every spelling
// of an address is judged alike, and an IPv6 address that carries an IPv4 address (mapped, compatible, NAT64, 6to4,
// Teredo) is judged by that IPv4 address.

const ipv4FromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);

/** The prefix an IPv6 address starts with, `bits` long (at most 32), as an unsigned number. */
const leadingBits = (parts: number[], bits: number) => (((parts[0]! << 16) | parts[1]!) >>> 0) >>> (32 - bits);

/**
 * The IPv4 addresses an IPv6 address leads to, `ambiguous` when it embeds one at a place that cannot be told, or
 * undefined when it embeds none. A packet to such an address reaches the IPv4 host named inside it (through dual-stack
 * sockets, a NAT64 gateway or a 6to4/Teredo relay).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | 'ambiguous' | undefined {
  const parts = address.parts;
  const zero = (from: number, to: number) => parts.slice(from, to).every((part) => part === 0);
  const last32 = () => ipv4FromParts(parts[6]!, parts[7]!);
  // ::ffff:a.b.c.d (IPv4-mapped), ::ffff:0:a.b.c.d (IPv4-translated, RFC 6145), ::a.b.c.d (IPv4-compatible, RFC 4291).
  if (zero(0, 5) && (parts[5] === 0xffff || parts[5] === 0)) return [last32()];
  if (zero(0, 4) && parts[4] === 0xffff && parts[5] === 0) return [last32()];
  // 64:ff9b::/96, the well-known NAT64 prefix (RFC 6052).
  if (parts[0] === 0x64 && parts[1] === 0xff9b && zero(2, 6)) return [last32()];
  // 64:ff9b:1::/48, the local-use NAT64 prefix (RFC 8215): where the IPv4 address sits depends on the operator's prefix
  // length, so only the unambiguous /96 layout is judged by its IPv4 address; any other layout is refused outright.
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts[2] === 1) return zero(3, 6) ? [last32()] : 'ambiguous';
  // 2002:AABB:CCDD::/48, 6to4 (RFC 3056): the relay forwards to AA.BB.CC.DD.
  if (parts[0] === 0x2002) return [ipv4FromParts(parts[1]!, parts[2]!)];
  // 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, Teredo (RFC 4380): the server's IPv4 address, then the client's, whose bits
  // are stored inverted. Both must be global.
  if (parts[0] === 0x2001 && parts[1] === 0) return [ipv4FromParts(parts[2]!, parts[3]!), ipv4FromParts(parts[6]! ^ 0xffff, parts[7]! ^ 0xffff)];
  return undefined;
}

const isGlobalIPv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

// Global unicast IPv6 is 2000::/3 (RFC 4291); ipaddr.js names the special-purpose blocks inside it (documentation,
// benchmarking, ORCHID, AMT, AS112, …), and whatever it leaves as `unicast` there is an ordinary global address.
const isGlobalIPv6 = (address: ipaddr.IPv6) => leadingBits(address.parts, 3) === 0b001 && address.range() === 'unicast';

/** True for an address no webhook may reach: anything but global unicast, judged through any IPv4 it embeds. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return !isGlobalIPv4(ipaddr.IPv4.parse(bare));
  if (family !== 6) return true;
  let parsed: ipaddr.IPv6;
  try {
    parsed = ipaddr.IPv6.parse(bare);
  } catch {
    return true;
  }
  if (parsed.zoneId) return true;
  const embedded = embeddedIPv4(parsed);
  if (embedded === 'ambiguous') return true;
  if (embedded) return !embedded.every(isGlobalIPv4);
  return !isGlobalIPv6(parsed);
}

const nonPublic = 'webhooks may not reach loopback, private or link-local addresses, nor ones reserved for special use';

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
    if (isForbiddenAddress(host)) throw new ForbiddenTargetError(`${host} is not a public address: ${nonPublic}`);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)));
  const forbidden = addresses.find((entry) => isForbiddenAddress(entry.address));
  if (forbidden) throw new ForbiddenTargetError(`${host} resolves to ${forbidden.address}, which is not a public address: ${nonPublic}`);
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
  if (isIP(host) && isForbiddenAddress(host)) throw new ForbiddenTargetError(`${host} is not a public address: ${nonPublic}`);
}
