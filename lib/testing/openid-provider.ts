import type { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './server-process';

/** An account at the test provider: its login name (typed on the provider's sign-in page) and the claims it has. */
export type ProviderAccounts = Record<string, { email: string; email_verified: boolean; name?: string }>;

export interface OpenIdProviderOptions {
  /** The relying party's callback, e.g. `http://127.0.0.1:3000/api/auth/callback/oidc`. */
  redirectUri: string;
  accounts: ProviderAccounts;
  clientId?: string;
  clientSecret?: string;
}

/**
 * A real OpenID provider (the `oidc-provider` package) in the test process, on a free loopback port, with one client
 * registered for `redirectUri`. Its own development sign-in and consent pages take any login name that `accounts`
 * knows (any password); PKCE is required, as a production provider would.
 */
export async function startOpenIdProvider(options: OpenIdProviderOptions) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'counterpart-test';
  const clientSecret = options.clientSecret ?? 'counterpart-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, id) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
  });
  // The provider's refusals (a redirect URI or PKCE mismatch) go to the test's output: the browser sees only a page.
  for (const event of ['grant.error', 'userinfo.error', 'server_error', 'authorization.error'] as const) {
    (provider as unknown as EventEmitter).on(event, (_ctx: unknown, error: Error & { error_detail?: string }) =>
      console.error(`[oidc-provider] ${event}: ${error.message} ${error.error_detail ?? ''}`),
    );
  }
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
