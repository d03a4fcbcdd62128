'use client';

import { decideOnboardingAction } from '@/app/dashboard/onboarding/actions';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import { FormMessage } from './form-message';

/** The reviewer's decision on one request: APPROVE with one of the partner's programs, or REJECT with a reason. */
export function OnboardingDecisionForm({
  onboardingReference,
  programs,
}: {
  onboardingReference: string;
  programs: { loyaltyProgramId: string; name: string }[];
}) {
  const form = useDashboardForm(decideOnboardingAction);
  const id = (name: string) => `${onboardingReference}-${name}`;
  const programError = form.errorOf('loyaltyProgramId');
  const urlError = form.errorOf('signUpUrl');
  const reasonError = form.errorOf('reason');
  return (
    <div key={form.formKey} className="grid gap-4 md:grid-cols-2">
      <form action={form.formAction} onChange={form.onChange} className="space-y-3">
        <input type="hidden" name="onboardingReference" value={onboardingReference} />
        <input type="hidden" name="action" value="APPROVE" />
        <Field label="Loyalty program" htmlFor={id('program')} error={programError}>
          <Select
            id={id('program')}
            name="loyaltyProgramId"
            required
            defaultValue={form.valueOf('loyaltyProgramId', programs.length === 1 ? programs[0]!.loyaltyProgramId : '')}
            {...describedBy(id('program'), programError)}
          >
            {programs.length === 1 ? null : <option value="">Choose a program…</option>}
            {programs.map((program) => (
              <option key={program.loyaltyProgramId} value={program.loyaltyProgramId}>
                {program.name} ({program.loyaltyProgramId})
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Sign-up link (optional)" htmlFor={id('signUpUrl')} error={urlError}>
          <Input
            id={id('signUpUrl')}
            name="signUpUrl"
            type="url"
            placeholder="https://…"
            defaultValue={form.valueOf('signUpUrl')}
            {...describedBy(id('signUpUrl'), urlError)}
          />
        </Field>
        <Button type="submit" disabled={form.pending}>
          Approve
        </Button>
      </form>
      <form action={form.formAction} onChange={form.onChange} className="space-y-3">
        <input type="hidden" name="onboardingReference" value={onboardingReference} />
        <input type="hidden" name="action" value="REJECT" />
        <Field label="Reason" htmlFor={id('reason')} error={reasonError}>
          <Input id={id('reason')} name="reason" required defaultValue={form.valueOf('reason')} {...describedBy(id('reason'), reasonError)} />
        </Field>
        <Button type="submit" variant="danger" disabled={form.pending}>
          Reject
        </Button>
      </form>
      <div className="md:col-span-2">
        <FormMessage error={form.formError} />
      </div>
    </div>
  );
}
