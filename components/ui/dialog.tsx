'use client';

import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './button';

const overlay = 'fixed inset-0 z-40 bg-stone-950/50 data-[state=open]:animate-in';
const panel =
  'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-stone-200 bg-white p-5 text-stone-900 shadow-lg focus:outline-none';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** A modal dialog (Radix: focus trapped, Escape closes, focus returns to the trigger). */
export function DialogContent({
  title,
  description,
  children,
  side,
  onCloseAutoFocus,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** A full-height sheet from the left (the navigation on narrow screens) or right edge (an order's docket). */
  side?: 'left' | 'right';
  /** Where focus goes when the dialog closes, for a dialog opened without a trigger (call preventDefault, then focus). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlay} />
      <DialogPrimitive.Content
        className={
          side === 'left'
            ? 'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 border-r border-stone-200 bg-white p-4 text-stone-900 shadow-lg focus:outline-none'
            : side === 'right'
              ? 'fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col gap-4 overflow-y-auto border-l border-stone-200 bg-white p-4 text-stone-900 shadow-lg focus:outline-none'
              : panel
        }
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      >
        <div className="flex items-start justify-between gap-3">
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close className="touch-target -m-2 inline-flex items-center justify-center rounded-md text-stone-500 hover:bg-stone-100">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </div>
        {description ? <DialogPrimitive.Description className="text-sm text-stone-600">{description}</DialogPrimitive.Description> : null}
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * Asks before a destructive action (deleting a table or section, disconnecting a device). `onConfirm` runs the action;
 * Escape or Cancel leaves everything as it was.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  open,
  onOpenChange,
}: {
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <AlertDialogPrimitive.Root {...(open === undefined ? {} : { open })} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlay} />
        <AlertDialogPrimitive.Content className={panel}>
          <AlertDialogPrimitive.Title className="text-lg font-semibold">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-sm text-stone-600">{description}</AlertDialogPrimitive.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialogPrimitive.Cancel className={buttonClass('secondary')}>Cancel</AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action className={buttonClass('danger')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
