import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { negotiateVersion, requestedVersion, responseVersion } from './versions';

const headers = (values: Record<string, string>) => new Headers(values);

describe('versions (docs/contract.md#versions)', () => {
  it('serves the versions the Tyro Connect reference pins as the version whose shape they share', () => {
    expect(negotiateVersion('sales', headers({ accept: 'application/json;version=1.1' }))).toBe('1.0');
    expect(negotiateVersion('loyalty', headers({ accept: 'application/json;version=1.0' }))).toBe('0.9');
    expect(negotiateVersion('booking', headers({ accept: 'application/vnd.tyro.connect+json;version=0.1' }))).toBe('1.0');
    // What an interface supports itself is served as named.
    expect(negotiateVersion('ordering', headers({ accept: 'application/json; version=1.1' }))).toBe('1.1');
    expect(negotiateVersion('loyalty', headers({}))).toBe('0.9');
  });

  it('keeps 406 for a version nobody defined, naming the supported versions and the aliases', () => {
    const refused = (() => {
      try {
        negotiateVersion('sales', headers({ accept: 'application/json;version=1.2' }));
      } catch (error) {
        return error;
      }
    })() as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.status).toBe(406);
    expect(refused.message).toBe('Version 1.2 of the sales API is not supported. Supported versions: 1.0 (default 1.0); 1.1 is answered as 1.0.');
    // An alias of one interface is nothing to another.
    expect(() => negotiateVersion('tables', headers({ accept: 'application/json;version=1.1' }))).toThrow(ApiError);
    expect(() => negotiateVersion('ordering', headers({ accept: 'application/json;version=0.9' }))).toThrow(ApiError);
  });

  it('reads the version from Content-Type when Accept names none; Accept wins when both do', () => {
    expect(requestedVersion(headers({ 'content-type': 'application/vnd.tyro.connect+json;version=0.1' }))).toBe('0.1');
    expect(requestedVersion(headers({ accept: 'application/json', 'content-type': 'application/json; version="1.1"' }))).toBe('1.1');
    expect(
      requestedVersion(headers({ accept: 'application/vnd.tyro.connect+json;version=0.1', 'content-type': 'application/vnd.tyro.connect+json;version=1.0' })),
    ).toBe('0.1');
    expect(negotiateVersion('ordering', headers({ 'content-type': 'application/json;version=1.1' }))).toBe('1.1');
    expect(() => negotiateVersion('booking', headers({ 'content-type': 'application/vnd.tyro.connect+json;version=7' }))).toThrow(ApiError);
  });

  it('names the served version on answers made before or without negotiation: an alias as its shape, an unknown one as the default', () => {
    expect(responseVersion('sales', headers({ accept: 'application/json;version=1.1' }))).toBe('1.0');
    expect(responseVersion('ordering', headers({ accept: 'application/json;version=1.1' }))).toBe('1.1');
    expect(responseVersion('loyalty', headers({ accept: 'application/json;version=3' }))).toBe('0.9');
  });
});
