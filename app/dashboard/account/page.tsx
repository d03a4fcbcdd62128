import type { Metadata } from 'next';
import { getDb } from '@/db/client';
import { AlertPreferencesForm } from '@/components/account/alert-preferences-form';
import { Card, PageHeader } from '@/components/ui/card';
import { MERCHANT_ALERTS } from '@/lib/alerts/kinds';
import { alertPreferences } from '@/lib/alerts/preferences';
import { requireMember } from '../_lib/action';

export const metadata: Metadata = { title: 'Account' };

export default async function AccountPage() {
  const user = await requireMember('alerts.receive', '/dashboard/account');
  const preferences = await alertPreferences(getDb(), user.id);
  const on = new Set(preferences.filter((preference) => preference.on).map((preference) => preference.kind));
  return (
    <>
      <PageHeader title="Account" description="Your own settings. Other members of your team choose theirs." />
      <Card title="Email alerts">
        <AlertPreferencesForm alerts={MERCHANT_ALERTS.map((alert) => ({ ...alert, on: on.has(alert.kind) }))} />
      </Card>
    </>
  );
}
