/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native or process-wide modules stay outside the bundles so server.ts and route handlers share one instance.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'pino', '@node-rs/argon2', 'ws', 'standardwebhooks'],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tests included) as its own step; the build only compiles.
  typescript: { ignoreBuildErrors: true },
  // Every response, API ones included, forbids MIME sniffing; pages get their full set of headers in proxy.ts.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ];
  },
};

export default nextConfig;
