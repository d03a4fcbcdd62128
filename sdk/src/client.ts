import createClient, { type Client } from 'openapi-fetch';
import type { TokenProvider } from './auth.js';
import { problemFromResponse } from './errors.js';
import { retryingFetch, type FetchLike, type RetryOptions } from './retry.js';
import type { paths } from './schema.js';

/** The partner-API interfaces, each versioned on its own (docs/contract.md#versions). */
export type ApiInterface = 'ordering' | 'tables' | 'sales' | 'booking' | 'loyalty';

export interface CounterpartClientOptions {
  /** PUBLIC_URL of the Counterpart installation; the partner API is below `/connect`. */
  baseUrl: string;
  /** Where the Bearer token comes from: `clientCredentials(…)`, `refreshingTokens(…)`, or a fixed token. */
  auth: TokenProvider | string;
  /** The version each interface is spoken in, e.g. `{ ordering: '1.1' }`; the server's default otherwise. */
  versions?: Partial<Record<ApiInterface, string>>;
  retry?: RetryOptions;
  fetch?: FetchLike;
}

export type CounterpartClient = Client<paths> & {
  /** `{baseUrl}/connect`, the base every path is relative to. */
  readonly apiUrl: string;
  readonly auth: TokenProvider;
};

const interfaceOfSegment: Record<string, ApiInterface> = {
  orders: 'ordering',
  tables: 'tables',
  sales: 'sales',
  bookings: 'booking',
  loyalty: 'loyalty',
  payments: 'loyalty',
};

/** The interface a partner-API path belongs to, for choosing its version. */
export function interfaceOfPath(pathname: string): ApiInterface | undefined {
  const [first, second] = pathname.replace(/^.*?\/connect\//, '').split('/');
  if (first === 'locations' && second === 'merchant-onboarding') return 'loyalty';
  return first ? interfaceOfSegment[first] : undefined;
}

/** Headers that pick `version` for one call: `client.GET('/orders/{orderId}', { params, headers: version('1.1') })`. */
export function version(value: string) {
  return { accept: `application/json; version=${value}` };
}

/**
 * A typed client of the partner API: every path, parameter, body and response comes from the served OpenAPI document.
 * Calls send the Bearer token, the chosen version in `Accept`, re-send after 429/503, renew a token the server refused
 * once, and throw `CounterpartProblem` for every error answer, so a returned result is always a success.
 */
export function createCounterpartClient(options: CounterpartClientOptions): CounterpartClient {
  const auth: TokenProvider = typeof options.auth === 'string' ? { getToken: async () => options.auth as string } : options.auth;
  const apiUrl = `${options.baseUrl.replace(/\/+$/, '')}/connect`;
  const send = retryingFetch(options.fetch ?? ((request) => fetch(request)), options.retry);

  const authorisedFetch: FetchLike = async (request) => {
    const chosen = interfaceOfPath(new URL(request.url).pathname);
    const accept = request.headers.get('accept');
    if (!accept?.includes('version=') && chosen && options.versions?.[chosen]) request.headers.set('accept', version(options.versions[chosen]).accept);
    else if (!accept) request.headers.set('accept', 'application/json');
    const spare = auth.invalidate ? request.clone() : undefined;
    request.headers.set('authorization', `Bearer ${await auth.getToken()}`);
    let response = await send(request);
    if (response.status === 401 && spare && auth.invalidate) {
      // A token revoked or rotated since it was cached: get a fresh one and try once more.
      await response.body?.cancel();
      auth.invalidate();
      spare.headers.set('authorization', `Bearer ${await auth.getToken()}`);
      response = await send(spare);
    }
    if (!response.ok) throw await problemFromResponse(response);
    return response;
  };

  const client = createClient<paths>({ baseUrl: apiUrl, fetch: authorisedFetch });
  return Object.assign(client, { apiUrl, auth });
}

/** The body of a successful call (errors were already thrown as `CounterpartProblem`). */
export async function unwrap<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined) throw new Error(`${response.url} answered ${response.status} without a body`);
  return data;
}
