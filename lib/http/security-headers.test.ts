import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from './security-headers';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('page security headers', () => {
  it('a nonce is fresh and long enough to be unguessable', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(18);
  });

  it('scripts need the nonce; nothing may frame the page or change its base, plugins are off', () => {
    const csp = directives(contentSecurityPolicy('abc123', { https: false }));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('development allows eval (React needs it there), production never', () => {
    expect(directives(contentSecurityPolicy('n', { https: false, dev: true })).get('script-src')).toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy('n', { https: true })).get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('over http: no HSTS', () => {
    const headers = pageSecurityHeaders('n', { https: false });
    expect(headers).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    expect(headers['Strict-Transport-Security']).toBeUndefined();
  });

  it('over https: HSTS, and insecure subresources are upgraded', () => {
    const headers = pageSecurityHeaders('n', { https: true });
    expect(headers['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(directives(headers['Content-Security-Policy']!).has('upgrade-insecure-requests')).toBe(true);
  });
});
