import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { assertAllowedWebhookUrl, assertDeliverableHost, guardedLookup, isForbiddenAddress } from './webhook-target';

beforeAll(() => {
  resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
});
afterAll(() => {
  resetConfig();
});

// Teredo (2001:0::/32) stores the client's IPv4 address with every bit inverted in the last 32 bits; the server's
// IPv4 address (here 65.54.227.120, public) sits in bits 32–63.
const teredo = (client: [number, number, number, number]) => {
  const inverted = client.map((octet) => octet ^ 255);
  const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
  return `2001:0:4136:e378:8000:63bf:${hex(inverted[0]!, inverted[1]!)}:${hex(inverted[2]!, inverted[3]!)}`;
};

// Every spelling that once slipped past a pattern-matching guard, as the URL parser hands it over, then as written.
const embeddedAndSpecialForms = [
  '64:ff9b::7f00:1', // NAT64 of 127.0.0.1, as `new URL('http://[64:ff9b::127.0.0.1]')` normalises it
  '64:ff9b::127.0.0.1',
  '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254 (cloud metadata)
  '::127.0.0.1', // IPv4-compatible
  '::7f00:1',
  '::ffff:0:127.0.0.1', // IPv4-translated (RFC 6145)
  '::ffff:0:7f00:1',
  '2002:7f00:1::', // 6to4 of 127.0.0.1
  '2002:a9fe:a9fe::1', // 6to4 of 169.254.169.254
  'fec0::1', // deprecated site-local
  '100::1', // discard-only
  '2001:db8::1', // documentation
  teredo([127, 0, 0, 1]),
  teredo([10, 0, 0, 1]),
  '2001:0:a00:1:8000:63bf:f7f7:f7f7', // Teredo through a private server (10.0.0.1) to a public client (8.8.8.8)
  '64:ff9b:1::a00:1', // local-use NAT64 (RFC 8215) of 10.0.0.1
  '64:ff9b:1:ab::1', // local-use NAT64 with a layout that hides where the IPv4 address sits
  '2001:2::1', // benchmarking
  '2001:10::1', // ORCHID
  '2001:20::1', // ORCHIDv2
  '3fff::1', // documentation (RFC 9637)
  '5f00::1', // segment routing
  'ff02::1', // multicast
  '4000::1', // outside 2000::/3, not yet allocated
];

describe('SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '10.255.1.2',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    'not-an-address',
    ...embeddedAndSpecialForms,
  ])('treats %s as internal', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::808:808',
    '2002:808:808::1',
    teredo([8, 8, 8, 8]),
  ])('lets the public address %s through', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://10.1.2.3:8080/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:3000/hook',
    'https://localhost/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://0x7f.1/hook',
    'http://[64:ff9b::127.0.0.1]/hook',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
    'http://[::127.0.0.1]/hook',
    'http://[::ffff:0:127.0.0.1]/hook',
    'http://[2002:7f00:1::]/hook',
    'http://[fec0::1]/hook',
    'http://[100::1]/hook',
    'http://[2001:db8::1]/hook',
    `http://[${teredo([127, 0, 0, 1])}]/hook`,
  ])('refuses %s at registration and at delivery', async (url) => {
    await expect(assertAllowedWebhookUrl(url)).rejects.toThrow(/loopback, private or link-local/);
    if (!url.includes('localhost')) expect(() => assertDeliverableHost(new URL(url))).toThrow(/loopback, private or link-local/);
  });

  it('refuses, at connect time, a name that resolves only to internal addresses', async () => {
    const outcome = await new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((resolve) =>
      guardedLookup('localhost', {}, (error, address) => resolve({ error, address })),
    );
    expect(outcome.error?.code).toBe('EFORBIDDENTARGET');
  });

  it('refuses non-http schemes', async () => {
    await expect(assertAllowedWebhookUrl('ftp://93.184.216.34/hook')).rejects.toThrow(/http\(s\)/);
  });

  it('accepts a public IPv4 and a global IPv6 address', async () => {
    await expect(assertAllowedWebhookUrl('https://93.184.216.34/hook')).resolves.toBeUndefined();
    await expect(assertAllowedWebhookUrl('https://[2606:4700:4700::1111]/hook')).resolves.toBeUndefined();
    expect(() => assertDeliverableHost(new URL('https://[2606:4700:4700::1111]/hook'))).not.toThrow();
  });

  it('allows loopback and other internal targets when WEBHOOK_ALLOW_PRIVATE_TARGETS=true', async () => {
    resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    try {
      await expect(assertAllowedWebhookUrl('http://127.0.0.1:9/hook')).resolves.toBeUndefined();
      await expect(assertAllowedWebhookUrl('http://[::1]:9/hook')).resolves.toBeUndefined();
      await expect(assertAllowedWebhookUrl('http://[64:ff9b::127.0.0.1]:9/hook')).resolves.toBeUndefined();
      expect(() => assertDeliverableHost(new URL('http://127.0.0.1:9/hook'))).not.toThrow();
      const outcome = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup('localhost', {}, (error) => resolve(error)));
      expect(outcome).toBeNull();
    } finally {
      resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    }
  });
});
