'use client';

import { useActionState } from 'react';
import { activateLoyaltyAction, type LoyaltyFormState } from '@/app/dashboard/loyalty/actions';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { FormMessage } from './form-message';

interface Props {
  locationId: string;
  loyaltyPartners: { id: string; name: string }[];
  defaults: { abn?: string; businessAddress?: string; postcode?: string; phoneNumber?: string };
}

/** The merchant asks a loyalty partner to activate loyalty at one location (SPEC.md: merchant onboarding). */
export function ActivateLoyaltyForm({ locationId, loyaltyPartners, defaults }: Props) {
  const [state, action, pending] = useActionState<LoyaltyFormState, FormData>(activateLoyaltyAction, {});
  const id = (name: string) => `activate-${locationId}-${name}`;
  const invalid = (name: string) => (state.fieldErrors?.[name] ? { 'aria-invalid': true, 'aria-describedby': `${id(name)}-error` } : {});
  if (!loyaltyPartners.length) return <p className="text-sm text-stone-600">No loyalty partner is available yet.</p>;
  return (
    <form action={action} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="locationId" value={locationId} />
      <Field label="Loyalty partner" htmlFor={id('partnerId')} error={state.fieldErrors?.partnerId}>
        <Select id={id('partnerId')} name="partnerId" required defaultValue={loyaltyPartners.length === 1 ? loyaltyPartners[0]!.id : ''} {...invalid('partnerId')}>
          {loyaltyPartners.length > 1 ? <option value="">Choose a partner…</option> : null}
          {loyaltyPartners.map((partner) => (
            <option key={partner.id} value={partner.id}>
              {partner.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="ABN" htmlFor={id('abn')} error={state.fieldErrors?.abn}>
        <Input id={id('abn')} name="abn" inputMode="numeric" required defaultValue={defaults.abn} {...invalid('abn')} />
      </Field>
      <Field label="Business address" htmlFor={id('businessAddress')} error={state.fieldErrors?.businessAddress}>
        <Input id={id('businessAddress')} name="businessAddress" required defaultValue={defaults.businessAddress} {...invalid('businessAddress')} />
      </Field>
      <Field label="Postcode" htmlFor={id('postcode')} error={state.fieldErrors?.postcode}>
        <Input id={id('postcode')} name="postcode" inputMode="numeric" required defaultValue={defaults.postcode} {...invalid('postcode')} />
      </Field>
      <Field label="Phone number (optional)" htmlFor={id('phoneNumber')} error={state.fieldErrors?.phoneNumber}>
        <Input id={id('phoneNumber')} name="phoneNumber" type="tel" defaultValue={defaults.phoneNumber} {...invalid('phoneNumber')} />
      </Field>
      <div className="flex flex-col justify-end gap-2 sm:col-span-2">
        <FormMessage error={state.error} message={state.message} />
        <Button type="submit" disabled={pending} className="self-start">
          Activate loyalty
        </Button>
      </div>
    </form>
  );
}
