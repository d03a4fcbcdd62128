import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createUser } from '@/lib/tenancy/users';

// Behind https (PUBLIC_URL), the session cookie is Secure (and __Secure- prefixed) even when the TLS-terminating
// proxy in front forwards plain http.
process.env.PUBLIC_URL = 'https://counterpart.example';
process.env.AUTH_SECRET ??= 'a-test-secret-of-at-least-thirty-two-characters';
const { handlers } = await import('@/auth');
const { authConfig } = await import('@/auth.config');

const database = useTestDatabase();

describe('session cookies over https', () => {
  it('are Secure, HttpOnly and SameSite', async () => {
    expect(authConfig.useSecureCookies).toBe(true);
    await createUser(database.db(), { email: 'secure@sessions.test', password: 'correct horse battery', role: 'ADMIN' });
    const origin = 'http://internal:3000';
    const csrfResponse = await handlers.GET(new NextRequest(`${origin}/api/auth/csrf`));
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
    const csrfCookies = csrfResponse.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const response = await handlers.POST(
      new NextRequest(`${origin}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { cookie: csrfCookies, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'secure@sessions.test', password: 'correct horse battery', csrfToken }).toString(),
      }),
    );
    const session = response.headers.getSetCookie().find((line) => line.includes('session-token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/^__Secure-authjs\.session-token=/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });
});
