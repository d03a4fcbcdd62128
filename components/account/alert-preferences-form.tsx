'use client';

import { saveAlertPreferencesAction } from '@/app/dashboard/account/actions';
import { Button } from '@/components/ui/button';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';

interface AlertChoice {
  kind: string;
  label: string;
  description: string;
  on: boolean;
}

/** One box per alert, each on until turned off; saved together. */
export function AlertPreferencesForm({ alerts }: { alerts: AlertChoice[] }) {
  const form = useDashboardForm(saveAlertPreferencesAction);
  return (
    <form action={form.formAction} className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm text-stone-600">Mail me when:</legend>
        {alerts.map((alert) => (
          <div key={alert.kind} className="flex items-start gap-3">
            <input
              id={`alert-${alert.kind}`}
              name={alert.kind}
              type="checkbox"
              defaultChecked={alert.on}
              aria-describedby={`alert-${alert.kind}-description`}
              className="mt-1 size-4 shrink-0 accent-brand-600"
            />
            <div className="min-w-0">
              <label htmlFor={`alert-${alert.kind}`} className="text-sm font-medium text-stone-800">
                {alert.label}
              </label>
              <p id={`alert-${alert.kind}-description`} className="text-sm text-stone-600">
                {alert.description}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      {form.formError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {form.formError}
        </p>
      ) : null}
      <Button type="submit" disabled={form.pending}>
        {form.pending ? 'Saving…' : 'Save alerts'}
      </Button>
    </form>
  );
}
