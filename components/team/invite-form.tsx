'use client';

import { inviteAction } from '@/app/dashboard/team/actions';
import { FormFeedback } from '@/components/tables/form-feedback';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import { LocationChoice, ROLE_OPTIONS, type TeamLocation } from './location-choice';

/** docs/contract.md#dashboard-names: an owner invites by email, with a role and optionally some locations. */
export function InviteForm({ locations }: { locations: TeamLocation[] }) {
  const form = useDashboardForm(inviteAction);
  const emailError = form.errorOf('email');
  const roleError = form.errorOf('role');
  return (
    <form key={form.formKey} action={form.formAction} onSubmit={form.onSubmit} onChange={form.onChange} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Email" htmlFor="invite-email" error={emailError}>
          <Input
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={form.valueOf('email')}
            {...describedBy('invite-email', emailError)}
          />
        </Field>
        <Field label="Role" htmlFor="invite-role" error={roleError}>
          <Select id="invite-role" name="role" defaultValue={form.valueOf('role', 'STAFF')} {...describedBy('invite-role', roleError)}>
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <LocationChoice idPrefix="invite-location" locations={locations} checked={[]} />
      <Button type="submit" disabled={form.pending}>
        Invite
      </Button>
      <FormFeedback error={form.formError} />
    </form>
  );
}
