import { NextRequest } from 'next/server';

/** The dashboard's Auth.js route handlers (`handlers` of auth.ts). */
export interface AuthHandlers {
  GET(request: NextRequest): Promise<Response>;
  POST(request: NextRequest): Promise<Response>;
}

export const DASHBOARD_ORIGIN = 'http://localhost:3000';

/**
 * One browser's cookie jar talking to the dashboard's Auth.js endpoints in-process, as the login form and the Sign out
 * button do.
 */
export class DashboardBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly handlers: AuthHandlers) {}

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
    const request = new NextRequest(`${DASHBOARD_ORIGIN}/api/auth/${path}`, {
      method,
      headers: {
        cookie: this.cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const response = await (method === 'GET' ? this.handlers.GET : this.handlers.POST)(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, index), pair!.slice(index + 1)];
      if (value === '' || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async csrf() {
    const response = await this.call('GET', 'csrf');
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  async signIn(email: string, password: string) {
    await this.call('POST', 'callback/credentials', { email, password, csrfToken: await this.csrf(), callbackUrl: '/dashboard' });
  }

  async signOut() {
    await this.call('POST', 'signout', { csrfToken: await this.csrf(), callbackUrl: '/login' });
  }

  async sessionUser() {
    const response = await this.call('GET', 'session');
    return ((await response.json()) as { user?: { id: string; role: string } } | null)?.user;
  }

  sessionCookie() {
    return [...this.cookies].find(([name]) => name.endsWith('authjs.session-token'));
  }
}
