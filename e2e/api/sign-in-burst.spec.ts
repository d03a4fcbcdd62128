import { expect, test, type APIRequestContext } from '@playwright/test';
import { manage } from '../support';

// The built server, over HTTP: a burst of parallel sign-ins for one account is checked at most the account's limit of
// 10 wrong passwords a minute (each attempt is counted before its password is checked), and the right password
// sent after it is refused unread.
const LIMIT = 10;

/** One sign-in as the login form sends it; the CSRF token (and its cookie, kept by `request`) is fetched once. */
async function signIn(
  request: APIRequestContext,
  csrfToken: string,
  email: string,
  password: string,
): Promise<'SIGNED_IN' | 'INCORRECT' | 'TOO_MANY_ATTEMPTS'> {
  const response = await request.post('/api/auth/callback/credentials', {
    form: { email, password, csrfToken, callbackUrl: '/dashboard' },
    maxRedirects: 0,
  });
  const location = new URL(response.headers()['location'] ?? '/', 'http://any.example');
  if (!location.searchParams.has('error')) return 'SIGNED_IN';
  expect(location.searchParams.get('error')).toBe('CredentialsSignin');
  return location.searchParams.get('code') === 'too_many_attempts' ? 'TOO_MANY_ATTEMPTS' : 'INCORRECT';
}

test('40 parallel wrong passwords for one account: at most the limit checked, then the right one refused', async ({ request }) => {
  const email = `burst-${Date.now()}@e2e.test`;
  await manage(request, '/users', { email, password: 'correct horse battery', role: 'ADMIN' });
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(request, csrfToken, email, `wrong password ${i}`)));
  const checked = burst.filter((outcome) => outcome === 'INCORRECT').length;
  console.log(`sign-in burst of 40 over HTTP: ${checked} checked, ${burst.length - checked} refused`);
  expect(checked).toBeLessThanOrEqual(LIMIT);
  expect(burst.filter((outcome) => outcome === 'TOO_MANY_ATTEMPTS').length).toBeGreaterThanOrEqual(40 - LIMIT);
  expect(await signIn(request, csrfToken, email, 'correct horse battery')).toBe('TOO_MANY_ATTEMPTS');
});
