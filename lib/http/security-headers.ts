// Browser hardening for every page (/login, /activate, /dashboard/*, /docs). No imports: the proxy uses this.

/** A fresh, unguessable nonce for one page response's scripts. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
}

/**
 * The Content-Security-Policy of a page. Scripts run only with this response's nonce (Next.js puts it on its own
 * scripts) or when loaded by such a script ('strict-dynamic'); nothing may frame the page, so the device-approval
 * button on /activate cannot be clickjacked. Styles allow inline attributes: layouts position elements with them,
 * and a style cannot run code.
 */
export function contentSecurityPolicy(nonce: string, options: { https: boolean; dev?: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Every header a page response carries, the CSP included. */
export function pageSecurityHeaders(nonce: string, options: { https: boolean; dev?: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(nonce, options),
    // Browsers that predate frame-ancestors honour this instead.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
