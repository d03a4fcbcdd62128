import { describe, expect, it } from 'vitest';
import { worthCompressing } from './compression';

describe('which responses are compressed', () => {
  it.each(['/connect/orders/ord_1', '/connect/orders?locationId=a', '/oauth/token', '/.well-known/jwks.json', '/manage/merchants', '/healthz', '/readyz'])(
    'sends %s as it is: small JSON',
    (url) => expect(worthCompressing(url)).toBe(false),
  );

  it.each(['/dashboard/orders', '/login', '/_next/static/chunks/app.js', '/docs', '/connect/openapi.json', '/connectors', '/'])(
    'offers compression for %s',
    (url) => expect(worthCompressing(url)).toBe(true),
  );
});
