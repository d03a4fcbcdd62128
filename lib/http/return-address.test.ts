import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { DEFAULT_RETURN_PATH, returnPath } from './return-address';
import { hostileReturnAddresses } from '@/lib/testing/hostile-return-addresses';

const OWN = 'https://hub.example.com';

describe('return addresses', () => {
  beforeAll(() => resetConfig({ PUBLIC_URL: OWN }));
  afterAll(() => resetConfig());

  it.each(hostileReturnAddresses(OWN).map((payload) => [JSON.stringify(payload).slice(0, 60), payload]))(
    '%s ends on the site’s own origin',
    (_name, payload) => {
      const path = returnPath(payload);
      // A path of one leading slash, no backslash: read on any origin it stays there.
      expect(path).toMatch(/^\/(?![/\\])/);
      expect(path).not.toMatch(/[\\\t\n\r]/);
      expect(new URL(path, OWN).origin).toBe(OWN);
      expect(new URL(path, 'http://127.0.0.1:3102').origin).toBe('http://127.0.0.1:3102');
      expect(new URL(path, OWN).hostname).not.toMatch(/evil/);
    },
  );

  it('answers the fallback for what names another origin, and for what is no address at all', () => {
    for (const payload of ['/\\evil.example/x', '/\t/evil.example', '//evil.example', `${OWN}@evil.example/x`, 'javascript:alert(1)', `${OWN}//evil.example`])
      expect(returnPath(payload)).toBe(DEFAULT_RETURN_PATH);
    for (const payload of [undefined, null, '', 42, ['/dashboard/orders'], 'x'.repeat(5000)]) expect(returnPath(payload)).toBe(DEFAULT_RETURN_PATH);
    expect(returnPath('//evil.example', '/login')).toBe('/login');
  });

  it('keeps the site’s own paths, queries and fragments, normalised', () => {
    expect(returnPath('/dashboard/orders?location=demo-bistro-cbd')).toBe('/dashboard/orders?location=demo-bistro-cbd');
    expect(returnPath('/activate?user_code=WDJB-MJHT')).toBe('/activate?user_code=WDJB-MJHT');
    expect(returnPath('/dashboard/tables#floor')).toBe('/dashboard/tables#floor');
    expect(returnPath(`${OWN}/dashboard/bookings`)).toBe('/dashboard/bookings');
    expect(returnPath('/dashboard/./orders/../tables')).toBe('/dashboard/tables');
    expect(returnPath('/dash\tboard')).toBe('/dashboard');
    expect(returnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(returnPath('/\uff0fevil.example')).toBe('/%EF%BC%8Fevil.example');
    expect(returnPath('/@evil.example')).toBe('/@evil.example');
  });
});
