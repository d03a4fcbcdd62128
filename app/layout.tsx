import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { ThemeProvider } from '@/components/ui/theme-provider';
import { TimeZoneCookie } from '@/components/ui/time-zone-cookie';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Counterpart', template: '%s · Counterpart' },
  description: 'Partner integration hub for hospitality',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#fafaf9' },
    { media: '(prefers-color-scheme: dark)', color: '#0c0a09' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its scripts carry that response's CSP nonce (proxy.ts), which a page built
  // ahead of time could not; the theme's inline script takes the nonce too.
  await connection();
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    // next-themes sets the theme class on <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <body>
        <ThemeProvider nonce={nonce}>
          {children}
          <TimeZoneCookie />
        </ThemeProvider>
      </body>
    </html>
  );
}
