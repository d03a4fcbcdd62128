import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, parseConfig } from './config';

describe('configuration', () => {
  it('applies the defaults of docs/contract.md#configuration', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: './.data',
      ORDER_AUTO_REJECT_SECONDS: 120,
      DEVICE_CODE_TTL_SECONDS: 900,
      DEVICE_POLL_INTERVAL_SECONDS: 5,
      ACCESS_TOKEN_TTL_SECONDS: 86400,
      CLIENT_CREDENTIALS_TOKEN_TTL_SECONDS: 43200,
      API_FAST_PATH: true,
      WEBHOOK_TIMEOUT_MS: 10000,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      SEED_DEMO: true,
    });
    expect(config.WEBHOOK_RETRY_SCHEDULE).toEqual([5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400]);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_API_KEY).toBeUndefined();
  });

  it('takes single sign-on as all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET or none, and stops on a bad value', () => {
    expect(parseConfig({}).OIDC_ISSUER).toBeUndefined();
    expect(parseConfig({})).toMatchObject({ OIDC_NAME: 'single sign-on', ALERT_POS_OFFLINE_MINUTES: 10 });
    const full = { OIDC_ISSUER: 'https://id.example/realms/bistro', OIDC_CLIENT_ID: 'counterpart', OIDC_CLIENT_SECRET: 's3cret', OIDC_NAME: 'Bistro SSO' };
    expect(parseConfig(full)).toMatchObject(full);
    expect(() => parseConfig({ ...full, OIDC_CLIENT_SECRET: '' })).toThrow(/OIDC_CLIENT_SECRET: required with OIDC_ISSUER and OIDC_CLIENT_ID/);
    expect(() => parseConfig({ OIDC_CLIENT_ID: 'counterpart' })).toThrow(/OIDC_ISSUER: required/);
    for (const value of ['not a url', 'ftp://id.example']) expect(() => parseConfig({ ...full, OIDC_ISSUER: value })).toThrow(/OIDC_ISSUER: /);
    expect(() => parseConfig({ ...full, OIDC_NAME: 'x'.repeat(41) })).toThrow(/OIDC_NAME: /);
    expect(parseConfig({ ALERT_POS_OFFLINE_MINUTES: '30' }).ALERT_POS_OFFLINE_MINUTES).toBe(30);
    for (const value of ['0', '-5', 'ten', '2.5']) expect(() => parseConfig({ ALERT_POS_OFFLINE_MINUTES: value })).toThrow(/ALERT_POS_OFFLINE_MINUTES: /);
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY names the proxy hops', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    for (const value of ['-1', 'one', '1.5', 'true']) expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
  });

  it('caps connections per address at 1000 unless MAX_CONNECTIONS_PER_ADDRESS says otherwise, and not behind a proxy', () => {
    expect(parseConfig({}).MAX_CONNECTIONS_PER_ADDRESS).toBe(1000);
    expect(parseConfig({ MAX_CONNECTIONS_PER_ADDRESS: '50' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(50);
    expect(parseConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(0);
    expect(parseConfig({ TRUST_PROXY: '1' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(0);
    expect(parseConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '5000' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(5000);
    for (const value of ['-1', 'many', '2.5']) {
      expect(() => parseConfig({ MAX_CONNECTIONS_PER_ADDRESS: value })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS: /);
    }
  });

  it('keeps the API request log 28 days unless API_LOG_RETENTION_DAYS says otherwise; METRICS_TOKEN enables /metrics', () => {
    expect(parseConfig({})).toMatchObject({ API_LOG_RETENTION_DAYS: 28, API_LOG_ENABLED: true, WEBHOOK_DISABLE_AFTER_DAYS: 5 });
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ API_LOG_RETENTION_DAYS: '7', METRICS_TOKEN: 'scrape-me' })).toMatchObject({ API_LOG_RETENTION_DAYS: 7, METRICS_TOKEN: 'scrape-me' });
    for (const value of ['0', '-3', '2.5', 'week', '401']) expect(() => parseConfig({ API_LOG_RETENTION_DAYS: value })).toThrow(/API_LOG_RETENTION_DAYS: /);
    expect(() => parseConfig({ WEBHOOK_DISABLE_AFTER_DAYS: '0' })).toThrow(/WEBHOOK_DISABLE_AFTER_DAYS: /);
  });

  it('keeps mail in the outbox unless SMTP_URL names an smtp:// or smtps:// server; MAIL_FROM has a default', () => {
    expect(parseConfig({}).SMTP_URL).toBeUndefined();
    expect(parseConfig({}).MAIL_FROM).toBe('Counterpart <no-reply@localhost>');
    expect(parseConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465', MAIL_FROM: 'Bistro <hi@example.com>' })).toMatchObject({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Bistro <hi@example.com>',
    });
    for (const value of ['mail.example.com:25', 'http://mail.example.com', 'smtp//x']) expect(() => parseConfig({ SMTP_URL: value })).toThrow(/SMTP_URL: /);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(parseConfig({ PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
    expect(parseConfig({ PUBLIC_URL: 'https://hub.example.com/' }).PUBLIC_URL).toBe('https://hub.example.com');
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['WEBHOOK_RETRY_SCHEDULE', '5,,30'],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'maybe'],
    ['ORDER_AUTO_REJECT_SECONDS', '-1'],
    ['PUBLIC_URL', 'not a url'],
  ])('refuses an invalid %s naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it('reports every invalid variable at once', () => {
    try {
      parseConfig({ PORT: 'x', SEED_DEMO: 'perhaps' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['PORT', 'SEED_DEMO']);
    }
  });
});

describe("the README's configuration table", () => {
  it('lists every variable Counterpart reads', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const listed = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1])),
    );
    expect(CONFIG_VARIABLES.filter((variable) => !listed.has(variable))).toEqual([]);
  });
});
