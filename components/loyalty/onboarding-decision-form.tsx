'use client';

import { useActionState } from 'react';
import { decideOnboardingAction, type DecisionState } from '@/app/dashboard/onboarding/actions';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { FormMessage } from './form-message';

/** The reviewer's decision on one request: APPROVE with one of the partner's programs, or REJECT with a reason. */
export function OnboardingDecisionForm({ onboardingReference, programs }: { onboardingReference: string; programs: { loyaltyProgramId: string; name: string }[] }) {
  const [state, action, pending] = useActionState<DecisionState, FormData>(decideOnboardingAction, {});
  const id = (name: string) => `${onboardingReference}-${name}`;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <form action={action} className="space-y-3">
        <input type="hidden" name="onboardingReference" value={onboardingReference} />
        <input type="hidden" name="action" value="APPROVE" />
        <Field label="Loyalty program" htmlFor={id('program')} error={state.fieldErrors?.loyaltyProgramId}>
          <Select id={id('program')} name="loyaltyProgramId" required defaultValue={programs.length === 1 ? programs[0]!.loyaltyProgramId : ''}>
            {programs.length === 1 ? null : <option value="">Choose a program…</option>}
            {programs.map((program) => (
              <option key={program.loyaltyProgramId} value={program.loyaltyProgramId}>
                {program.name} ({program.loyaltyProgramId})
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Sign-up link (optional)" htmlFor={id('signUpUrl')} error={state.fieldErrors?.signUpUrl}>
          <Input id={id('signUpUrl')} name="signUpUrl" type="url" placeholder="https://…" />
        </Field>
        <Button type="submit" disabled={pending}>
          Approve
        </Button>
      </form>
      <form action={action} className="space-y-3">
        <input type="hidden" name="onboardingReference" value={onboardingReference} />
        <input type="hidden" name="action" value="REJECT" />
        <Field label="Reason" htmlFor={id('reason')} error={state.fieldErrors?.reason}>
          <Input id={id('reason')} name="reason" required />
        </Field>
        <Button type="submit" variant="danger" disabled={pending}>
          Reject
        </Button>
      </form>
      <div className="md:col-span-2">
        <FormMessage error={state.error} />
      </div>
    </div>
  );
}
