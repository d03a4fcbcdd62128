'use client';

import { changeMemberAction, removeMemberAction } from '@/app/dashboard/team/actions';
import { FormFeedback } from '@/components/tables/form-feedback';
import { Button } from '@/components/ui/button';
import { ConfirmForm } from '@/components/ui/confirm-form';
import { Field, Select } from '@/components/ui/field';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import { LocationChoice, ROLE_OPTIONS, type TeamLocation } from './location-choice';

export interface MemberView {
  id: string;
  email: string;
  name: string | null;
  role: string;
  locationIds: string[];
  you: boolean;
}

/** One member: role and locations to change (their sessions end on a change), and Remove. */
export function MemberRow({ member, locations }: { member: MemberView; locations: TeamLocation[] }) {
  const form = useDashboardForm(changeMemberAction);
  const who = member.name ? `${member.name} (${member.email})` : member.email;
  return (
    <li className="space-y-3 py-4" aria-label={member.email}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-stone-900">
          {who}
          {member.you ? <span className="ml-2 text-sm font-normal text-stone-500">(you)</span> : null}
        </p>
        <ConfirmForm
          action={removeMemberAction}
          fields={{ userId: member.id }}
          label={`Remove ${member.email}`}
          title={`Remove ${member.email}?`}
          description="They are signed out at once and can no longer sign in. You can invite them again later."
          confirmLabel="Remove"
          variant="danger"
        >
          Remove
        </ConfirmForm>
      </div>
      <form key={form.formKey} action={form.formAction} onChange={form.onChange} className="space-y-3">
        <input type="hidden" name="userId" value={member.id} />
        <Field label="Role" htmlFor={`role-${member.id}`}>
          <Select id={`role-${member.id}`} name="role" defaultValue={form.valueOf('role', member.role)}>
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
        <LocationChoice idPrefix={`member-${member.id}`} locations={locations} checked={member.locationIds} />
        <Button type="submit" variant="secondary" disabled={form.pending} aria-label={`Save ${member.email}`}>
          Save
        </Button>
        <FormFeedback error={form.formError} />
      </form>
    </li>
  );
}
