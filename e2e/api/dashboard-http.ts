import type { ServerProcess } from '../../lib/testing/server-process';

/** The name=value pairs of a response's Set-Cookie headers, as a Cookie header would send them back. */
export function cookiesOf(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers.getSetCookie().map((cookie) => cookie.split(';', 1)[0]!.split(/=(.*)/s, 2) as [string, string]));
}

export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/**
 * Signs in over HTTP as a browser without scripts would, through Auth.js's own endpoints (a CSRF token, then the
 * credentials callback), and answers the session's cookies.
 */
export async function signInOverHttp(origin: string, account: { email: string; password: string }): Promise<Record<string, string>> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookies = cookiesOf(csrf);
  const answer = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(csrfCookies) },
    body: new URLSearchParams({ csrfToken, email: account.email, password: account.password }),
  });
  const cookies = { ...csrfCookies, ...cookiesOf(answer) };
  if (!Object.keys(cookies).some((name) => name.endsWith('authjs.session-token'))) {
    throw new Error(`sign-in as ${account.email} → ${answer.status} ${answer.headers.get('location')}: no session cookie`);
  }
  return cookies;
}

/** Everything the server writes to stdout and stderr from now on, whole, line by line. */
export function watchOutput(server: ServerProcess): { lines(): string[] } {
  let text = '';
  const collect = (chunk: Buffer) => {
    text += chunk.toString('utf8');
  };
  server.child.stdout!.on('data', collect);
  server.child.stderr!.on('data', collect);
  return { lines: () => text.split('\n').filter((line) => line.trim() !== '') };
}

/**
 * The lines of server output that are not one pino JSON line each: a stack trace (`    at …`), Next's `⨯ Error`
 * reports, a bare console message. Client errors are logged as JSON lines only.
 */
export function linesNotJson(lines: readonly string[]): string[] {
  return lines.filter((line) => {
    try {
      return typeof (JSON.parse(line) as { level?: unknown }).level !== 'number';
    } catch {
      return true;
    }
  });
}
