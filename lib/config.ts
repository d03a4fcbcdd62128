import { z } from 'zod';

// docs/contract.md#configuration: every variable is read and validated here, once; an invalid value stops start-up naming it.
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number({ message: 'expected a whole number' }).int('expected a whole number').positive('expected a positive number');

const retrySchedule = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'expected a comma-separated list of seconds, e.g. 5,30,120')
  .transform((value) => value.split(',').map((part) => Number(part.trim())));

// base64 (standard or URL-safe, padding optional) of exactly 32 random bytes: an AES-256 key.
export const masterKeyString = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
    message: 'expected base64 of 32 random bytes (e.g. `openssl rand -base64 32`)',
  });

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  PORT: z.coerce.number({ message: 'expected a port number' }).int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url({ message: 'expected an absolute http(s) URL' }).optional(),
  ADMIN_API_KEY: z.string().min(16, 'expected at least 16 characters').optional(),
  ORDER_AUTO_REJECT_SECONDS: positiveInt.default(120),
  DEVICE_CODE_TTL_SECONDS: positiveInt.default(900),
  DEVICE_POLL_INTERVAL_SECONDS: positiveInt.default(5),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(86400),
  CLIENT_CREDENTIALS_TOKEN_TTL_SECONDS: positiveInt.default(43200),
  WEBHOOK_RETRY_SCHEDULE: retrySchedule.default([5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400]),
  WEBHOOK_TIMEOUT_MS: positiveInt.default(10000),
  DRAIN_DELAY_MS: z.coerce
    .number({ message: 'expected a number of milliseconds' })
    .int('expected a whole number of milliseconds')
    .min(0, 'expected 0 or more milliseconds')
    .max(120_000, 'expected at most 120000 ms')
    .default(5000),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanString.default(false),
  SEED_DEMO: booleanString.default(true),
  POS_OFFLINE_PAUSE_DEFAULT: booleanString.default(true),
  LOYALTY_TERMINAL_SERIES: z.string().trim().min(1).default('PRO'),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  TOKEN_RATE_LIMIT_PER_MINUTE: positiveInt.default(60),
  COUNTERPART_SECRET_KEY: masterKeyString.optional(),
  TRUST_PROXY: z.coerce
    .number({ message: 'expected a whole number of proxy hops' })
    .int('expected a whole number of proxy hops')
    .min(0, 'expected 0 or more proxy hops')
    .max(10, 'expected at most 10 proxy hops')
    .default(0),
  // Unset: 1000, or no cap behind a proxy (TRUST_PROXY > 0), where every connection comes from the proxy (see below).
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ message: 'expected a whole number of connections' })
    .int('expected a whole number of connections')
    .min(0, 'expected 0 (no cap) or more connections')
    .optional(),
  METRICS_TOKEN: z.string().trim().min(1).optional(),
  API_LOG_RETENTION_DAYS: z.coerce
    .number({ message: 'expected a whole number of days' })
    .int('expected a whole number of days')
    .min(1, 'expected at least 1 day')
    .max(400, 'expected at most 400 days')
    .default(28),
  /** Off switch for the API request log (benchmarks compare with and without it). */
  API_LOG_ENABLED: booleanString.default(true),
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce
    .number({ message: 'expected a number of days' })
    .positive('expected a positive number of days')
    .max(365, 'expected at most 365 days')
    .default(5),
  SANDBOX_IDLE_MINUTES: z.coerce
    .number({ message: 'expected a number of minutes' })
    .positive('expected a positive number of minutes')
    .max(1440, 'expected at most 1440 minutes')
    .default(60),
  AUTH_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  // Off only to compare: the API surfaces then go through Next's pipeline like pages (server.ts).
  API_FAST_PATH: booleanString.default(true),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), { message: 'expected an smtp:// or smtps:// URL' })
    .optional(),
  // How long an invitation link to join a merchant's team works (docs/domain.md#merchant-teams).
  INVITATION_TTL_HOURS: positiveInt.max(24 * 30, 'expected at most 720 hours').default(72),
  MAIL_FROM: z.string().trim().min(3, 'expected an address, e.g. Counterpart <no-reply@example.com>').default('Counterpart <no-reply@localhost>'),
  // Single sign-on (lib/auth/single-sign-on.ts): all of issuer, client id and secret, or none of them.
  OIDC_ISSUER: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { message: 'expected an http(s) URL of the OpenID provider' })
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().trim().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40, 'expected at most 40 characters').default('single sign-on'),
  ALERT_POS_OFFLINE_MINUTES: positiveInt.default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Every variable Counterpart reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

export type Config = Omit<z.output<typeof envSchema>, 'PUBLIC_URL' | 'MAX_CONNECTIONS_PER_ADDRESS'> & {
  PUBLIC_URL: string;
  /** 0: no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: number;
};

/** The connection cap per address when none is set: ample for a venue's devices behind one NAT. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 1000;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const oidcMissing = oidc.filter((name) => parsed.data[name] === undefined);
  if (oidcMissing.length > 0 && oidcMissing.length < oidc.length) {
    throw new ConfigError(
      oidcMissing.map((name) => `${name}: required with ${oidc.filter((other) => !oidcMissing.includes(other)).join(' and ')} (single sign-on)`),
    );
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  // Behind a proxy every connection comes from the proxy's address; a cap by address would cap the proxy.
  const connectionCap = parsed.data.MAX_CONNECTIONS_PER_ADDRESS ?? (parsed.data.TRUST_PROXY > 0 ? 0 : DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
  return { ...parsed.data, PUBLIC_URL: publicUrl, MAX_CONNECTIONS_PER_ADDRESS: connectionCap };
}

const holder = globalThis as typeof globalThis & { __counterpartConfig?: Config };

/** The process configuration, parsed on first use and shared by server.ts and Next's route bundles. */
export function config(): Config {
  holder.__counterpartConfig ??= parseConfig(process.env);
  return holder.__counterpartConfig;
}

/** Tests change the environment between cases; this drops the cached parse. */
export function resetConfig(overrides?: Record<string, string | undefined>): Config {
  holder.__counterpartConfig = parseConfig({ ...process.env, ...overrides });
  return holder.__counterpartConfig;
}

export const connectBaseUrl = () => `${config().PUBLIC_URL}/connect`;
