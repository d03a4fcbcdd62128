import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { assertAllowedWebhookUrl, isForbiddenAddress } from './webhook-target';

beforeAll(() => {
  resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
});
afterAll(() => {
  resetConfig();
});

describe('SSRF guard', () => {
  it.each(['127.0.0.1', '127.8.9.10', '10.0.0.1', '10.255.1.2', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe'])(
    'treats %s as internal',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(true);
    },
  );

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1'])('lets the public address %s through', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://10.1.2.3:8080/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:3000/hook',
    'https://localhost/hook',
    'http://[::ffff:127.0.0.1]/hook',
  ])('refuses %s', async (url) => {
    await expect(assertAllowedWebhookUrl(url)).rejects.toThrow(/loopback, private or link-local/);
  });

  it('refuses non-http schemes', async () => {
    await expect(assertAllowedWebhookUrl('ftp://93.184.216.34/hook')).rejects.toThrow(/http\(s\)/);
  });

  it('accepts a public address and, when allowed, a private one', async () => {
    await expect(assertAllowedWebhookUrl('https://93.184.216.34/hook')).resolves.toBeUndefined();
    resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    await expect(assertAllowedWebhookUrl('http://127.0.0.1:9/hook')).resolves.toBeUndefined();
    resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  });
});
