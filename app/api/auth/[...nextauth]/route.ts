import { NextRequest } from 'next/server';
import { handlers } from '@/auth';
import { returnPath } from '@/lib/http/return-address';

/** Auth.js's cookie of the return address (`__Secure-` prefixed behind https). */
const CALLBACK_URL_COOKIE = /(?:^|-)authjs\.callback-url$/;

/**
 * Every return address Auth.js reads before its redirect callback (the callbackUrl query and cookie) is put through the
 * site's rule first: a path on PUBLIC_URL's origin, else the dashboard. Auth.js itself answers a query or cookie that
 * is no http(s) URL (`javascript:…`, `@evil.example`) with a 500 and a logged stack trace.
 */
function withOwnReturnAddresses(incoming: Request): NextRequest {
  const request = incoming instanceof NextRequest ? incoming : new NextRequest(incoming);
  const query = request.nextUrl.searchParams.get('callbackUrl');
  const cookies = request.cookies.getAll().filter(({ name }) => CALLBACK_URL_COOKIE.test(name));
  if (query === null && !cookies.length) return request;
  const url = new URL(request.url);
  if (query !== null) url.searchParams.set('callbackUrl', returnPath(query));
  const checked = new NextRequest(url, request);
  for (const { name, value } of cookies) checked.cookies.set(name, returnPath(value));
  return checked;
}

export const GET = (request: Request) => handlers.GET(withOwnReturnAddresses(request));
export const POST = (request: Request) => handlers.POST(withOwnReturnAddresses(request));
