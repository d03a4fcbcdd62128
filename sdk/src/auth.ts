import { OAuthError } from './errors.js';

/** Supplies the Bearer token for each call; `invalidate` drops a cached token the server refused. */
export interface TokenProvider {
  getToken(): Promise<string>;
  invalidate?(): void;
}

/** A token set as the POS keeps it between runs. */
export interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Where a device's tokens live: the refresh token rotates on every use, so the newest must always be saved. */
export interface TokenStore {
  load(): Promise<StoredTokens | undefined>;
  save(tokens: StoredTokens): Promise<void>;
}

/** A token store in memory, for tests and short-lived processes. */
export class MemoryTokenStore implements TokenStore {
  constructor(private tokens?: StoredTokens) {}
  async load() {
    return this.tokens;
  }
  async save(tokens: StoredTokens) {
    this.tokens = tokens;
  }
}

interface Endpoint {
  /** PUBLIC_URL of the Counterpart installation, e.g. `https://hub.example.com`. */
  baseUrl: string;
  fetch?: typeof fetch;
}

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** A token is renewed this long before it expires, so a call never leaves with one about to lapse. */
const DEFAULT_EXPIRY_MARGIN_SECONDS = 60;

async function postForm<T>({ baseUrl, fetch: fetchImpl = fetch }: Endpoint, path: string, form: Record<string, string | undefined>): Promise<T> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) if (value !== undefined) body.set(key, value);
  const response = await fetchImpl(new URL(path, baseUrl), { method: 'POST', body, headers: { accept: 'application/json' } });
  const json = (await response.json().catch(() => ({}))) as T & { error?: string; error_description?: string };
  if (!response.ok) throw new OAuthError(json.error ?? `http_${response.status}`, json.error_description, response.status);
  return json;
}

function toStored(tokens: TokenResponse, now = Date.now()): StoredTokens {
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: now + tokens.expires_in * 1000 };
}

export interface ClientCredentialsOptions extends Endpoint {
  clientId: string;
  clientSecret: string;
  /** `aud` of the token; the server's default is PUBLIC_URL + /connect. */
  audience?: string;
  scope?: string;
  expiryMarginSeconds?: number;
}

/**
 * An app's tokens (`grant_type=client_credentials`), cached until shortly before they expire. Concurrent callers
 * share one token request.
 */
export function clientCredentials(options: ClientCredentialsOptions): TokenProvider & { current(): StoredTokens | undefined } {
  const margin = (options.expiryMarginSeconds ?? DEFAULT_EXPIRY_MARGIN_SECONDS) * 1000;
  let cached: StoredTokens | undefined;
  let inFlight: Promise<StoredTokens> | undefined;
  return {
    current: () => cached,
    invalidate: () => {
      cached = undefined;
    },
    async getToken() {
      if (cached && cached.expiresAt - margin > Date.now()) return cached.accessToken;
      inFlight ??= postForm<TokenResponse>(options, '/oauth/token', {
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
        audience: options.audience,
        scope: options.scope,
      })
        .then((tokens) => (cached = toStored(tokens)))
        .finally(() => {
          inFlight = undefined;
        });
      return (await inFlight).accessToken;
    },
  };
}

export interface DeviceAuthorization {
  deviceCode: string;
  /** What the merchant types on /activate. */
  userCode: string;
  verificationUri: string;
  /** /activate with the code filled in: show it as a link or QR code. */
  verificationUriComplete: string;
  expiresIn: number;
  /** Seconds between polls; grows by 5 after each `slow_down`. */
  interval: number;
}

export interface DeviceFlowOptions extends Endpoint {
  clientId: string;
  /** Default `offline_access`, so the POS gets a refresh token. */
  scope?: string;
  audience?: string;
}

/** Starts the device flow for a POS (RFC 8628 §3.1): show `verificationUriComplete` and `userCode` to the merchant. */
export async function startDeviceAuthorization(options: DeviceFlowOptions): Promise<DeviceAuthorization> {
  const answer = await postForm<{
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete: string;
    expires_in: number;
    interval?: number;
  }>(options, '/oauth/device/code', { client_id: options.clientId, scope: options.scope ?? 'offline_access', audience: options.audience });
  return {
    deviceCode: answer.device_code,
    userCode: answer.user_code,
    verificationUri: answer.verification_uri,
    verificationUriComplete: answer.verification_uri_complete,
    expiresIn: answer.expires_in,
    interval: answer.interval ?? 5,
  };
}

const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * Polls the token endpoint until the merchant approves (RFC 8628 §3.4–3.5): every `interval` seconds, 5 s slower after
 * each `slow_down`; `authorization_pending` keeps polling; any other error (`access_denied`, `expired_token`) throws.
 */
export async function pollDeviceAuthorization(
  options: DeviceFlowOptions & { device: DeviceAuthorization; signal?: AbortSignal; onPoll?: (error: string) => void },
): Promise<StoredTokens> {
  let interval = options.device.interval;
  const deadline = Date.now() + options.device.expiresIn * 1000;
  while (Date.now() < deadline) {
    await abortableSleep(interval * 1000, options.signal);
    try {
      return toStored(
        await postForm<TokenResponse>(options, '/oauth/token', {
          grant_type: DEVICE_CODE_GRANT,
          client_id: options.clientId,
          device_code: options.device.deviceCode,
        }),
      );
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      options.onPoll?.(error.error);
      if (error.error === 'slow_down') interval += 5;
      else if (error.error !== 'authorization_pending') throw error;
    }
  }
  throw new OAuthError('expired_token', 'The device code expired before it was approved', 400);
}

export interface RefreshingTokensOptions extends Endpoint {
  clientId: string;
  store: TokenStore;
  expiryMarginSeconds?: number;
}

/**
 * A device's tokens from a store, renewed with the refresh grant shortly before expiry. The server rotates the
 * refresh token on every use and revokes the whole grant when an old one is presented again (docs/contract.md#device-flow), so the
 * new pair is saved before the access token is handed out and concurrent callers share one refresh.
 */
export function refreshingTokens(options: RefreshingTokensOptions): TokenProvider & { refresh(): Promise<StoredTokens> } {
  const margin = (options.expiryMarginSeconds ?? DEFAULT_EXPIRY_MARGIN_SECONDS) * 1000;
  let inFlight: Promise<StoredTokens> | undefined;
  let forceRefresh = false;
  const refresh = () => {
    inFlight ??= (async () => {
      const stored = await options.store.load();
      if (!stored?.refreshToken) throw new OAuthError('invalid_grant', 'No refresh token stored; sign the device in again', 400);
      const renewed = toStored(
        await postForm<TokenResponse>(options, '/oauth/token', {
          grant_type: 'refresh_token',
          client_id: options.clientId,
          refresh_token: stored.refreshToken,
        }),
      );
      await options.store.save({ ...renewed, refreshToken: renewed.refreshToken ?? stored.refreshToken });
      forceRefresh = false;
      return renewed;
    })().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  return {
    refresh,
    invalidate: () => {
      forceRefresh = true;
    },
    async getToken() {
      const stored = await options.store.load();
      if (!stored) throw new OAuthError('invalid_grant', 'No tokens stored; run the device flow first', 400);
      if (!forceRefresh && stored.expiresAt - margin > Date.now()) return stored.accessToken;
      return (await refresh()).accessToken;
    },
  };
}
