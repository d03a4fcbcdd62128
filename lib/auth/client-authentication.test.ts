import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { attemptAsClient, authenticateClientFrom, FAILED_ATTEMPTS_PER_ADDRESS, FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS } from './client-authentication';
import { OAuthError } from './oauth-errors';

// Client authentication at the authorisation server under a burst: each attempt is counted before the client is
// looked up, so parallel attempts reach the check at most the budget's number of times.
const { db } = useTestDatabase();
let app: { clientId: string; clientSecret: string };
let posClientId: string;
let run = 0;

beforeAll(async () => {
  const created = await createClient(db(), (await createPartner(db(), { name: 'Burst app', type: 'ORDERING_APP' })).id);
  app = { clientId: created.client_id, clientSecret: created.client_secret! };
  posClientId = (await createClient(db(), (await createPartner(db(), { name: 'Burst POS', type: 'POS' })).id)).client_id;
});

const nextAddress = () => `198.51.100.${++run}`;
const status = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 200,
    (error: unknown) => (error instanceof OAuthError ? error.status : 500),
  );
const secretAttempt = (secret: string, address: string, clientId = app.clientId) =>
  status(authenticateClientFrom(db(), { clientId, clientSecret: secret, method: 'client_secret_post' }, address));
const invalidGrant = () => Promise.reject(new OAuthError('invalid_grant', 'The device code is unknown.'));

describe('client authentication under a burst', () => {
  it('checks at most the limit of 30 parallel wrong secrets, then refuses the right one unread', async () => {
    const address = nextAddress();
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => secretAttempt(`cs_wrong-${i}`, address)));
    expect(burst.filter((code) => code === 401)).toHaveLength(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    expect(burst.filter((code) => code === 429)).toHaveLength(30 - FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    expect(await secretAttempt(app.clientSecret, address)).toBe(429);
    expect(await secretAttempt(app.clientSecret, nextAddress())).toBe(200);
  });

  it('counts an invalid_grant before the grant is tried: 30 parallel guessed codes, at most the limit tried', async () => {
    const address = nextAddress();
    let tried = 0;
    const guess = () =>
      status(
        attemptAsClient(db(), { clientId: posClientId, method: 'none' }, address, { publicOnly: true }, () => {
          tried += 1;
          return invalidGrant();
        }),
      );
    const burst = await Promise.all(Array.from({ length: 30 }, guess));
    expect(tried).toBe(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    expect(burst.filter((code) => code === 400)).toHaveLength(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    expect(burst.filter((code) => code === 429)).toHaveLength(30 - FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
  });

  it('holds an address walking through made-up client_ids in parallel to its own limit', async () => {
    const address = nextAddress();
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => secretAttempt('cs_x', address, `made-up-${i}`)));
    expect(burst.filter((code) => code === 401)).toHaveLength(FAILED_ATTEMPTS_PER_ADDRESS);
    expect(await secretAttempt(app.clientSecret, address)).toBe(429);
  });

  it('gives the attempt back for every answer but a failure: polling, other errors and successes never lock out', async () => {
    const address = nextAddress();
    const pending = () =>
      status(
        attemptAsClient(db(), { clientId: posClientId, method: 'none' }, address, { publicOnly: true }, () =>
          Promise.reject(new OAuthError('authorization_pending', 'Waiting for the merchant.')),
        ),
      );
    for (let i = 0; i < 3; i++) {
      expect(await Promise.all(Array.from({ length: FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS }, pending))).toEqual(
        Array(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS).fill(400),
      );
      expect(await Promise.all(Array.from({ length: FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS }, () => secretAttempt(app.clientSecret, address)))).toEqual(
        Array(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS).fill(200),
      );
    }
  });
});
