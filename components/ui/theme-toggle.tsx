'use client';

import { Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';

/** Switches between light and dark; the choice persists (next-themes stores it). */
export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  return (
    <button
      type="button"
      onClick={() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark')}
      className="touch-target inline-flex items-center justify-center rounded-md text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      {/* Both icons render on the server; CSS shows the one for the current theme, so nothing differs at hydration. */}
      <Sun aria-hidden="true" className="size-5 dark:hidden" />
      <Moon aria-hidden="true" className="hidden size-5 dark:block" />
      <span className="sr-only">Switch between light and dark theme</span>
    </button>
  );
}
