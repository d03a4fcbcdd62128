'use client';

import { activateLoyaltyAction } from '@/app/dashboard/loyalty/actions';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import { FormMessage } from './form-message';

interface Props {
  locationId: string;
  loyaltyPartners: { id: string; name: string }[];
  defaults: { abn?: string; businessAddress?: string; postcode?: string; phoneNumber?: string };
}

/** The merchant asks a loyalty partner to activate loyalty at one location (docs/domain.md#loyalty-activation: merchant onboarding). */
export function ActivateLoyaltyForm({ locationId, loyaltyPartners, defaults }: Props) {
  const form = useDashboardForm(activateLoyaltyAction);
  const id = (name: string) => `activate-${locationId}-${name}`;
  const invalid = (name: string) => describedBy(id(name), form.errorOf(name));
  // After an error the values sent are shown again; before, the business details last given.
  const value = (name: keyof Props['defaults'] | 'partnerId', fallback?: string) => form.valueOf(name, fallback);
  if (!loyaltyPartners.length) return <p className="text-sm text-stone-600">No loyalty partner is available yet.</p>;
  return (
    <form key={form.formKey} action={form.formAction} onChange={form.onChange} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="locationId" value={locationId} />
      <Field label="Loyalty partner" htmlFor={id('partnerId')} error={form.errorOf('partnerId')}>
        <Select
          id={id('partnerId')}
          name="partnerId"
          required
          defaultValue={value('partnerId', loyaltyPartners.length === 1 ? loyaltyPartners[0]!.id : '')}
          {...invalid('partnerId')}
        >
          {loyaltyPartners.length > 1 ? <option value="">Choose a partner…</option> : null}
          {loyaltyPartners.map((partner) => (
            <option key={partner.id} value={partner.id}>
              {partner.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="ABN" htmlFor={id('abn')} error={form.errorOf('abn')}>
        <Input id={id('abn')} name="abn" inputMode="numeric" required defaultValue={value('abn', defaults.abn)} {...invalid('abn')} />
      </Field>
      <Field label="Business address" htmlFor={id('businessAddress')} error={form.errorOf('businessAddress')}>
        <Input
          id={id('businessAddress')}
          name="businessAddress"
          required
          defaultValue={value('businessAddress', defaults.businessAddress)}
          {...invalid('businessAddress')}
        />
      </Field>
      <Field label="Postcode" htmlFor={id('postcode')} error={form.errorOf('postcode')}>
        <Input id={id('postcode')} name="postcode" inputMode="numeric" required defaultValue={value('postcode', defaults.postcode)} {...invalid('postcode')} />
      </Field>
      <Field label="Phone number (optional)" htmlFor={id('phoneNumber')} error={form.errorOf('phoneNumber')}>
        <Input id={id('phoneNumber')} name="phoneNumber" type="tel" defaultValue={value('phoneNumber', defaults.phoneNumber)} {...invalid('phoneNumber')} />
      </Field>
      <div className="flex flex-col justify-end gap-2 sm:col-span-2">
        <FormMessage error={form.formError} />
        <Button type="submit" disabled={form.pending} className="self-start">
          {form.pending ? 'Sending…' : 'Activate loyalty'}
        </Button>
      </div>
    </form>
  );
}
