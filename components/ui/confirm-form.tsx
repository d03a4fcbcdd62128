'use client';

import { useActionState, useEffect, useRef, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { FormState } from '@/lib/forms';
import { Button, type ButtonVariant } from './button';
import { ConfirmDialog } from './dialog';

/**
 * A destructive action (delete, disconnect) as a one-button form that asks first in an accessible dialog; the
 * action's error shows beside the button, its success as a toast.
 */
export function ConfirmForm({
  action,
  fields,
  label,
  children,
  title,
  description,
  confirmLabel,
  disabled,
  variant = 'ghost',
  className = '',
}: {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  fields: Record<string, string>;
  /** The trigger's accessible name, e.g. "Delete table 12". */
  label: string;
  children: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  disabled?: boolean;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [state, formAction, pending] = useActionState<FormState, FormData>(action, {});
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.message) toast.success(state.message);
  }, [state]);
  return (
    <form ref={form} action={formAction} className="inline-flex flex-wrap items-center gap-1">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ConfirmDialog
        trigger={
          <Button type="button" variant={variant} aria-label={label} title={label} disabled={disabled || pending} className={`px-2 ${className}`}>
            {children}
          </Button>
        }
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        onConfirm={() => form.current?.requestSubmit()}
      />
      {state.error ? (
        <span className="text-xs text-red-700" role="alert">
          {state.error}
        </span>
      ) : null}
    </form>
  );
}
