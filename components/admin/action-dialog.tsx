'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { ActionForm, type FieldSpec } from './action-form';

type Action = Parameters<typeof ActionForm>[0]['action'];

/**
 * A console form in a dialog behind one button (create or edit): the page stays a list to read, and the dialog keeps
 * the form's answer in view, a secret shown once included, until it is closed.
 */
export function ActionDialog({
  trigger,
  title,
  description,
  action,
  fields,
  submit,
  children,
}: {
  trigger: string;
  title: string;
  description?: ReactNode;
  action: Action;
  fields: FieldSpec[];
  submit: string;
  children?: ReactNode;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="secondary" className="px-2 py-1 text-xs">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <ActionForm action={action} fields={fields} submit={submit}>
          {children}
        </ActionForm>
      </DialogContent>
    </Dialog>
  );
}
