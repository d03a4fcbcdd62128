import NextAuth from 'next-auth';
import { NextResponse } from 'next/server';
import { authConfig } from './auth.config';

const { auth } = NextAuth(authConfig);

/** Sends a signed-out visitor of a dashboard page to /login, remembering the page (and query) to return to. */
export const proxy = auth((request) => {
  if (request.auth?.user) return NextResponse.next();
  const login = new URL('/login', request.nextUrl.origin);
  login.searchParams.set('callbackUrl', `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
});

export const config = { matcher: ['/dashboard/:path*', '/activate'] };
