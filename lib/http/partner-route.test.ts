import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { partnerRoute } from './partner-route';
import { json, noContent } from './responses';

const { db } = useTestDatabase();
let pos: TestPartner;
let app: TestPartner;

beforeAll(async () => {
  const { locationIds } = await createMerchantWithLocations(db());
  pos = await createConnectedPartner(db(), 'POS', locationIds);
  app = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
});
afterEach(() => resetConfig());

const echo = partnerRoute(
  {
    api: 'ordering',
    partnerTypes: ['POS'],
    body: z.object({ name: z.string().min(1), count: z.number().int() }),
    query: z.object({ limit: z.coerce.number().int().max(50).optional() }),
    contentTypes: ['application/json', 'application/merge-patch+json'],
  },
  async ({ body, version, principal }) => json({ body, version, partnerId: principal.partnerId }),
);
const failing = partnerRoute({ api: 'tables' }, async () => {
  throw new Error('secret internal detail: connection string postgres://user:pw@db');
});
const refusedByDatabase = partnerRoute({ api: 'tables' }, async () => {
  throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' }) });
});
const empty = partnerRoute({ api: 'tables' }, async () => noContent());

describe('partner-API plumbing', () => {
  it('answers with the negotiated version and rate-limit headers', async () => {
    const response = await callRoute(echo, 'POST', '/connect/echo', {
      token: pos.token,
      body: { name: 'a', count: 1 },
      headers: { accept: 'application/json; version=1.1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('api-version')).toBe('1.1');
    expect(response.headers.get('ratelimit-limit')).toBe('600');
    expect(Number(response.headers.get('ratelimit-remaining'))).toBeLessThan(600);
    expect(response.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
    expect((await response.json()).version).toBe('1.1');
  });

  it('uses the default version without a version parameter, whatever the media subtype', async () => {
    const plain = await callRoute(echo, 'POST', '/connect/echo', { token: pos.token, body: { name: 'a', count: 1 } });
    expect(plain.headers.get('api-version')).toBe('1.0');
    const vendor = await callRoute(echo, 'POST', '/connect/echo', {
      token: pos.token,
      body: { name: 'a', count: 1 },
      headers: { accept: 'application/vnd.connect+json;version=1.0' },
    });
    expect(vendor.headers.get('api-version')).toBe('1.0');
  });

  it('answers 406 naming the supported versions', async () => {
    const response = await callRoute(echo, 'POST', '/connect/echo', {
      token: pos.token,
      body: { name: 'a', count: 1 },
      headers: { accept: 'application/json; version=2.0' },
    });
    expect(response.status).toBe(406);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect((await response.json()).detail).toContain('1.0, 1.1 (default 1.0)');
    // docs/contract.md#versions: the 406 too names a version, the interface's default.
    expect(response.headers.get('api-version')).toBe('1.0');
  });

  it('answers 401 with WWW-Authenticate without a token, and 403 for a partner type the endpoint does not serve', async () => {
    const anonymous = await callRoute(echo, 'POST', '/connect/echo', { body: { name: 'a', count: 1 } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('invalid_token');
    expect(anonymous.headers.get('ratelimit-limit')).toBe('600');
    const wrongType = await callRoute(echo, 'POST', '/connect/echo', { token: app.token, body: { name: 'a', count: 1 } });
    expect(wrongType.status).toBe(403);
    expect((await wrongType.json()).code).toBe('FORBIDDEN');
  });

  it('answers 413 for a body over 1 MiB, declared or not', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024), count: 1 });
    const response = await callRoute(echo, 'POST', '/connect/echo', { token: pos.token, body: big });
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 415 for an unsupported content type and accepts merge-patch+json where allowed', async () => {
    const text = await callRoute(echo, 'POST', '/connect/echo', {
      token: pos.token,
      body: 'name=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    const mergePatch = await callRoute(echo, 'POST', '/connect/echo', {
      token: pos.token,
      body: { name: 'a', count: 1 },
      headers: { 'content-type': 'application/merge-patch+json; charset=utf-8' },
    });
    expect(mergePatch.status).toBe(200);
  });

  it('reads a Tyro Connect body (any +json subtype) as JSON and answers in the media type the client asked for', async () => {
    const response = await callRoute(echo, 'POST', '/connect/echo', {
      token: pos.token,
      body: { name: 'a', count: 1 },
      headers: { 'content-type': 'application/vnd.tyro.connect+json;version=1.1', accept: 'application/vnd.tyro.connect+json;version=1.1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.tyro.connect+json;version=1.1');
    expect(response.headers.get('api-version')).toBe('1.1');
    // The version a body names counts when Accept names none.
    const versionedBody = await callRoute(echo, 'POST', '/connect/echo', {
      token: pos.token,
      body: { name: 'a', count: 1 },
      headers: { 'content-type': 'application/vnd.tyro.connect+json;version=1.1' },
    });
    expect(versionedBody.headers.get('api-version')).toBe('1.1');
    expect(versionedBody.headers.get('content-type')).toBe('application/json');
    // A problem stays a problem, whatever was asked for.
    const invalid = await callRoute(echo, 'POST', '/connect/echo', {
      token: pos.token,
      body: { name: '', count: 1 },
      headers: { 'content-type': 'application/vnd.tyro.connect+json', accept: 'application/vnd.tyro.connect+json' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toBe('application/problem+json');
    // merge-patch+json is a patch document: read only where a route declares it.
    const jsonOnly = partnerRoute({ api: 'tables', body: z.object({ name: z.string() }) }, async () => noContent());
    const patchDocument = await callRoute(jsonOnly, 'POST', '/connect/json-only', {
      token: pos.token,
      body: { name: 'a' },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patchDocument.status).toBe(415);
  });

  it('answers 400 with a problem body for malformed JSON', async () => {
    const response = await callRoute(echo, 'POST', '/connect/echo', { token: pos.token, body: '{"name": "a",' });
    expect(response.status).toBe(400);
    const problem = await response.json();
    expect(problem).toMatchObject({ status: 400, code: 'INVALID_JSON', title: 'Bad Request' });
    expect(problem.error).toContain('not valid JSON');
  });

  it('reports every violation of body and query together', async () => {
    const response = await callRoute(echo, 'POST', '/connect/echo?limit=500', { token: pos.token, body: { name: '', count: 1.5 } });
    expect(response.status).toBe(400);
    const problem = await response.json();
    expect(problem).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Request validation failed', error: 'Request validation failed' });
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ segment: 'body', path: 'name' }),
        expect.objectContaining({ segment: 'body', path: 'count' }),
        expect.objectContaining({ segment: 'query', path: 'limit' }),
      ]),
    );
    expect(problem.errors).toHaveLength(3);
  });

  it('answers an unexpected error with a generic 500 naming the request id and leaking nothing', async () => {
    const response = await callRoute(failing, 'GET', '/connect/failing', { token: pos.token, headers: { 'x-request-id': 'req-123' } });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('req-123');
    const text = await response.text();
    expect(text).toContain('req-123');
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toContain('postgres://');
  });

  it('answers input the database refuses (SQLSTATE class 22) with 400, not 500', async () => {
    const response = await callRoute(refusedByDatabase, 'GET', '/connect/refused', { token: pos.token });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('BAD_REQUEST');
  });

  it('answers 429 with Retry-After once a client spends its budget, and other clients are unaffected', async () => {
    resetConfig({ RATE_LIMIT_PER_MINUTE: '3' });
    const limited = await createConnectedPartner(db(), 'POS', []);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await callRoute(empty, 'GET', '/connect/empty', { token: limited.token })).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const rejected = await callRoute(empty, 'GET', '/connect/empty', { token: limited.token });
    expect(rejected.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(rejected.headers.get('ratelimit-remaining')).toBe('0');
    expect(rejected.headers.get('api-version')).toBe('1.0');
    expect((await rejected.json()).code).toBe('RATE_LIMITED');
    // A 429 names the version the caller asked for, as the answer it would have had.
    const asked = await callRoute(echo, 'POST', '/connect/echo', {
      token: limited.token,
      body: { name: 'a', count: 1 },
      headers: { accept: 'application/json; version=1.1' },
    });
    expect(asked.status).toBe(429);
    expect(asked.headers.get('api-version')).toBe('1.1');
    const other = await createConnectedPartner(db(), 'POS', []);
    expect((await callRoute(empty, 'GET', '/connect/empty', { token: other.token })).status).toBe(204);
  });
});
