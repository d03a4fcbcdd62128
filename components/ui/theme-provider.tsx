'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import type { ReactNode } from 'react';

/**
 * Light or dark as the system prefers, until the user picks one (kept in localStorage). The class on <html> is set
 * by a small inline script before the first paint, so a dark kitchen never sees a white flash; the script carries
 * the request's CSP nonce.
 */
export function ThemeProvider({ nonce, children }: { nonce?: string; children: ReactNode }) {
  return (
    <NextThemesProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      {children}
    </NextThemesProvider>
  );
}
