/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native or process-wide modules stay outside the bundles so server.ts and route handlers share one instance.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'pino', '@node-rs/argon2', 'ws', 'standardwebhooks'],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
