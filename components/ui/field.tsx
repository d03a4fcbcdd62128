import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

const control =
  'block min-h-11 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500 lg:min-h-9';

/** The id of a field's message element, for the control's aria-describedby. */
export const errorIdOf = (htmlFor: string) => `${htmlFor}-error`;

/**
 * A labelled control with its validation message beside it; `label` is what tests and screen readers find it by.
 * The message element is always there (empty without an error), so the control's aria-describedby never dangles and
 * a message appearing is announced.
 */
export function Field({ label, htmlFor, error, hint, children }: { label: string; htmlFor: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-stone-500">{hint}</p> : null}
      <p id={errorIdOf(htmlFor)} className="text-sm text-red-700 empty:hidden" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

/** aria-invalid and aria-describedby for a control of a Field with this id. */
export function describedBy(id: string, error: string | undefined) {
  return { 'aria-describedby': errorIdOf(id), 'aria-invalid': error ? true : undefined } as const;
}

// Full width unless the caller gives a width of its own.
const width = (className: string) => (/(^|\s)(\w+:)?(w-|max-w-)/.test(className) ? '' : 'w-full');

export function Input({ className = '', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={`${control} ${width(className)} ${className}`} {...props} />;
}

export function Textarea({ className = '', ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${control} ${width(className)} ${className}`} {...props} />;
}

export function Select({ className = '', ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${control} ${width(className)} ${className}`} {...props} />;
}
