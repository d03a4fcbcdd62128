import { config } from 'zod/v4/core';

// Runs in the browser before any page code. Pages run under a Content-Security-Policy that allows no eval (proxy.ts),
// so zod, which checks the dashboard's forms in the browser, interprets its schemas instead of probing `new Function`
// (a probe the CSP would report as a violation). The server keeps zod's compiled fast path.
config({ jitless: true });
