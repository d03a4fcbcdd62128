import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { addressBucket, clientAddress, REMOTE_ADDRESS_HEADER } from './handler-context';

const request = (peer: string | undefined, forwardedFor?: string) =>
  new Request('http://counterpart.test/oauth/token', {
    headers: { ...(peer ? { [REMOTE_ADDRESS_HEADER]: peer } : {}), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });

afterEach(() => {
  resetConfig();
});

describe('clientAddress', () => {
  it('ignores X-Forwarded-For and X-Real-IP without TRUST_PROXY: the socket peer counts', () => {
    resetConfig({ TRUST_PROXY: undefined });
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
    const withRealIp = new Request('http://counterpart.test/', { headers: { [REMOTE_ADDRESS_HEADER]: '203.0.113.9', 'x-real-ip': '198.51.100.2' } });
    expect(clientAddress(withRealIp)).toBe('203.0.113.9');
    // Without the peer header (nothing in front of the handler set it) every such request shares one bucket.
    expect(clientAddress(request(undefined, '198.51.100.1'))).toBe('unknown');
  });

  it('with TRUST_PROXY=1 takes the address the proxy appended, not what the client put before it', () => {
    resetConfig({ TRUST_PROXY: '1' });
    expect(clientAddress(request('10.0.0.2', '198.51.100.1'))).toBe('198.51.100.1');
    expect(clientAddress(request('10.0.0.2', '1.1.1.1, 2.2.2.2,198.51.100.1'))).toBe('198.51.100.1');
    // A request that reached the socket without the proxy's header counts by the socket peer.
    expect(clientAddress(request('10.0.0.2'))).toBe('10.0.0.2');
  });

  it('counts TRUST_PROXY hops from the right, and stops at the leftmost entry', () => {
    resetConfig({ TRUST_PROXY: '2' });
    expect(clientAddress(request('10.0.0.3', 'spoofed, 198.51.100.1, 10.0.0.2'))).toBe('198.51.100.1');
    expect(clientAddress(request('10.0.0.3', '10.0.0.2'))).toBe('10.0.0.2');
  });

  it('counts IPv4-mapped peers as IPv4 and an IPv6 address by its /64', () => {
    expect(clientAddress(request('::ffff:203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(request('2001:db8:aa:bb:1:2:3:4'))).toBe('2001:db8:aa:bb::/64');
    expect(clientAddress(request('2001:db8:aa:bb::ffff'))).toBe('2001:db8:aa:bb::/64');
    expect(clientAddress(request('2001:db8::1'))).toBe('2001:db8:0:0::/64');
    expect(clientAddress(request('::1'))).toBe('0:0:0:0::/64');
  });

  it('counts every spelling of one IPv4-mapped address as that IPv4 address', () => {
    for (const spelling of [
      '::ffff:203.0.113.9',
      '::FFFF:203.0.113.9',
      '::ffff:cb00:7109',
      '0:0:0:0:0:ffff:cb00:7109',
      '0000:0000:0000:0000:0000:ffff:203.0.113.9',
    ]) {
      expect(addressBucket(spelling), spelling).toBe('203.0.113.9');
    }
  });

  it('counts every spelling of one /64 in one bucket: compressed, full, zero-padded, upper case, with an IPv4 tail or a zone', () => {
    for (const spelling of [
      '2001:db8:0:aa::1',
      '2001:0db8:0000:00aa:0000:0000:0000:0001',
      '2001:DB8:0:AA:FFFF:FFFF:FFFF:FFFF',
      '2001:db8::aa:0:0:0:1',
      '2001:db8:0:aa::198.51.100.7',
      '2001:db8:0:aa::1%eth0',
    ]) {
      expect(addressBucket(spelling), spelling).toBe('2001:db8:0:aa::/64');
    }
    expect(addressBucket('::')).toBe('0:0:0:0::/64');
    expect(addressBucket('2001:db8:0:ab::1')).toBe('2001:db8:0:ab::/64');
  });

  it('counts anything that is not an IP address as itself, at most 100 characters', () => {
    expect(addressBucket('unknown')).toBe('unknown');
    expect(addressBucket('127.1')).toBe('127.1');
    expect(addressBucket('x'.repeat(300))).toBe('x'.repeat(100));
  });

  it('reads the headers of a server action as well as a Request', () => {
    resetConfig({ TRUST_PROXY: '1' });
    expect(clientAddress(new Headers({ [REMOTE_ADDRESS_HEADER]: '10.0.0.2', 'x-forwarded-for': '198.51.100.7' }))).toBe('198.51.100.7');
  });
});
