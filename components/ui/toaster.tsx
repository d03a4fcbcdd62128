'use client';

import { useTheme } from 'next-themes';
import { Toaster as Sonner } from 'sonner';

/** Where success toasts appear (one per page, in the root layout), in the current theme. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return <Sonner theme={resolvedTheme === 'dark' ? 'dark' : 'light'} position="top-center" richColors closeButton />;
}
