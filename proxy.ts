import NextAuth, { type Session } from 'next-auth';
import { NextResponse, type NextFetchEvent, type NextRequest } from 'next/server';
import { authConfig, httpsDeployment } from './auth.config';
import { authLogger } from './lib/auth/sign-in-log';
import { newNonce, pageSecurityHeaders } from './lib/http/security-headers';
import { SESSION_RENEW_SECONDS } from './lib/tenancy/session-lifetime';

// A cookie that cannot be read is the visitor's problem: one warn line through the structured log, not a stack trace.
const { auth } = NextAuth({ ...authConfig, logger: authLogger() });

/** Pages that need a signed-in user. The pages themselves check that the session is still live (auth.ts). */
const SIGNED_IN_PAGES = /^\/(?:dashboard(?:\/|$)|activate\/?$)/;

/** Marks the gate's answer (never sent) when its refreshed cookie should go out; see `slides`. */
const SLIDE = 'x-session-slides';

/**
 * Sends a visitor without a session cookie to /login, remembering the page (and query) to return to. A cookie is only
 * decoded here (no database read); now and then it also slides the cookie's expiry forward (`slides`).
 */
const sessionGate = auth((request) => {
  if (request.auth?.user) return NextResponse.next({ headers: slides(request) ? { [SLIDE]: '1' } : {} });
  const login = new URL('/login', request.nextUrl.origin);
  login.searchParams.set('callbackUrl', `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}) as unknown as (request: NextRequest, event: NextFetchEvent) => Promise<Response>;

/**
 * Whether this request re-sends the session cookie with a later expiry. Only page views slide it (a server action, a
 * POST, sets cookies of its own), and only once the cookie is SESSION_RENEW_SECONDS old, as the session's row in the
 * database renews: a fresh copy on every view would race sign-out's deletion (a prefetch answered after it brings the
 * cookie back) and re-encrypt the session on each request for nothing.
 */
function slides(request: NextRequest & { auth: Session | null }): boolean {
  if (request.method !== 'GET') return false;
  const issuedAt = request.auth?.issuedAt;
  return issuedAt === undefined || Date.now() / 1000 - issuedAt >= SESSION_RENEW_SECONDS;
}

/** Every page gets a fresh script nonce and the security headers; dashboard pages also the session gate. */
export async function proxy(request: NextRequest, event: NextFetchEvent): Promise<Response> {
  const nonce = newNonce();
  const headers = pageSecurityHeaders(nonce, { https: httpsDeployment(), dev: process.env.NODE_ENV === 'development' });
  // Next.js reads the nonce from the request's CSP header and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', headers['Content-Security-Policy']!);
  requestHeaders.set('x-nonce', nonce);
  let response: Response = NextResponse.next({ request: { headers: requestHeaders } });
  if (SIGNED_IN_PAGES.test(request.nextUrl.pathname)) {
    const gate = await sessionGate(request, event);
    if (gate.headers.has('location')) response = gate;
    else if (gate.headers.has(SLIDE)) for (const cookie of gate.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// Pages only: the APIs (/connect, /oauth, /manage, /api/auth, discovery), health checks and static files skip it.
export const config = {
  matcher: ['/((?!_next/|api/|connect|oauth/|manage|\\.well-known/|healthz|readyz|metrics|favicon\\.ico).*)'],
};
