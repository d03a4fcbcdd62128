import type { ButtonHTMLAttributes } from 'react';

const variants = {
  primary: 'bg-brand-600 text-on-accent hover:bg-brand-700 dark:hover:bg-brand-500',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
  danger: 'bg-danger text-on-accent hover:bg-danger-hover',
  ghost: 'text-stone-700 hover:bg-stone-100',
  /** Something waits for an answer (new orders to acknowledge): amber, as the badges that say so. */
  attention: 'border border-amber-300 bg-amber-100 font-semibold text-amber-900 hover:bg-amber-200',
} as const;

export type ButtonVariant = keyof typeof variants;

/** A button's classes, for elements that must be another component (a Radix trigger, a link). */
export function buttonClass(variant: ButtonVariant = 'primary', className = '') {
  // Disabled looks disabled (faded, no pointer), whatever the variant. 44 px high below lg (touch), 36 px on desktops.
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-medium shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 disabled:shadow-none lg:min-h-9 ${variants[variant]} ${className}`;
}

export function Button({ variant = 'primary', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button className={buttonClass(variant, className)} {...props} />;
}
