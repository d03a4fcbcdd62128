import { afterEach, describe, expect, it } from 'vitest';
import { clientCredentials, MemoryTokenStore, OAuthError, pollDeviceAuthorization, refreshingTokens } from '../src/index';
import { json, localServer } from './local-server';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('client credentials', () => {
  it('caches the token until shortly before it expires, sharing one request between concurrent callers', async () => {
    let expiresIn = 3600;
    const server = await localServer((request, response, index) =>
      json(response, 200, { access_token: `at-${index}`, token_type: 'Bearer', expires_in: expiresIn }),
    );
    close = server.close;
    const tokens = clientCredentials({ baseUrl: server.url, clientId: 'c1', clientSecret: 's1', audience: 'https://hub.test/connect' });
    expect(await Promise.all([tokens.getToken(), tokens.getToken(), tokens.getToken()])).toEqual(['at-0', 'at-0', 'at-0']);
    expect(await tokens.getToken()).toBe('at-0');
    expect(server.requests).toHaveLength(1);
    expect(form(server.requests[0]!.body)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'c1',
      client_secret: 's1',
      audience: 'https://hub.test/connect',
    });

    // Within the expiry margin the token counts as spent.
    tokens.invalidate!();
    expiresIn = 30;
    expect(await tokens.getToken()).toBe('at-1');
    expect(await tokens.getToken()).toBe('at-2');
  });

  it('throws the OAuth error the server answers', async () => {
    const server = await localServer((_request, response) => json(response, 401, { error: 'invalid_client', error_description: 'Unknown client' }));
    close = server.close;
    const failure = await clientCredentials({ baseUrl: server.url, clientId: 'c', clientSecret: 'bad' })
      .getToken()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OAuthError);
    expect(failure).toMatchObject({ error: 'invalid_client', status: 401 });
  });
});

describe('device flow polling', () => {
  it('keeps polling on authorization_pending and adds 5 s to the interval after slow_down', async () => {
    const answers = ['authorization_pending', 'slow_down'];
    const server = await localServer((_request, response, index) => {
      if (index < answers.length) return json(response, 400, { error: answers[index] });
      json(response, 200, { access_token: 'at', refresh_token: 'rt', token_type: 'Bearer', expires_in: 60 });
    });
    close = server.close;
    const polls: string[] = [];
    const device = { deviceCode: 'dc', userCode: 'ABCD-EFGH', verificationUri: '', verificationUriComplete: '', expiresIn: 60, interval: 0 };
    const tokens = await pollDeviceAuthorization({ baseUrl: server.url, clientId: 'pos', device, onPoll: (error) => polls.push(error) });
    expect(tokens).toMatchObject({ accessToken: 'at', refreshToken: 'rt' });
    expect(polls).toEqual(answers);
    const [first, second, third] = server.requests;
    expect(second!.at - first!.at).toBeLessThan(1000);
    expect(third!.at - second!.at).toBeGreaterThanOrEqual(4900);
    expect(form(first!.body)).toEqual({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: 'pos', device_code: 'dc' });
  }, 15_000);

  it('stops on access_denied', async () => {
    const server = await localServer((_request, response) => json(response, 400, { error: 'access_denied' }));
    close = server.close;
    const device = { deviceCode: 'dc', userCode: 'X', verificationUri: '', verificationUriComplete: '', expiresIn: 60, interval: 0 };
    await expect(pollDeviceAuthorization({ baseUrl: server.url, clientId: 'pos', device })).rejects.toMatchObject({ error: 'access_denied' });
  });
});

describe('refresh rotation', () => {
  it('renews near expiry, saves the rotated refresh token, and shares one refresh between concurrent callers', async () => {
    const server = await localServer((request, response, index) =>
      json(response, 200, { access_token: `at-${index + 1}`, refresh_token: `rt-${index + 1}`, token_type: 'Bearer', expires_in: 3600 }),
    );
    close = server.close;
    const store = new MemoryTokenStore({ accessToken: 'at-0', refreshToken: 'rt-0', expiresAt: Date.now() + 10_000 });
    const tokens = refreshingTokens({ baseUrl: server.url, clientId: 'pos', store });
    expect(await Promise.all([tokens.getToken(), tokens.getToken()])).toEqual(['at-1', 'at-1']);
    expect(server.requests.map((request) => form(request.body))).toEqual([{ grant_type: 'refresh_token', client_id: 'pos', refresh_token: 'rt-0' }]);
    expect(await store.load()).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1' });
    expect(await tokens.getToken()).toBe('at-1');

    tokens.invalidate!();
    expect(await tokens.getToken()).toBe('at-2');
    expect(form(server.requests[1]!.body).refresh_token).toBe('rt-1');
  });
});
