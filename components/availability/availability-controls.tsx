'use client';

import Link from 'next/link';
import { busyAction, clearBusyAction, pauseAction, resumeAction } from '@/app/dashboard/locations/actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import { BUSY_CHOICES, PAUSE_CHOICES, PAUSE_REASONS } from '@/lib/availability/choices';
import type { Availability } from '@/lib/availability/schema';
import { dayIn, formatDate, formatTime } from '@/lib/time/format';

export interface AvailabilityCard {
  id: string;
  name: string;
  timezone: string;
  availability: Availability;
}

/** "7:45 pm", or "Tue 24 Nov, 11:30 am" when not today, in the location's zone (docs/contract.md#dashboard-names). */
function when(iso: string, timezone: string, now: string): string {
  const time = formatTime(iso, timezone);
  return dayIn(timezone, iso) === dayIn(timezone, now) ? time : `${formatDate(iso, timezone)}, ${time}`;
}

/** What the banner says about the state, and until when. */
export function availabilityText(
  availability: Availability,
  timezone: string,
  now: string,
): { badge: string; tone: 'green' | 'amber' | 'red'; line: string | null } {
  const { state, reason, note, until, nextOpenAt, busy } = availability;
  const why = note ? ` (${note})` : '';
  if (state === 'PAUSED' && reason === 'POS_OFFLINE')
    return { badge: 'Paused', tone: 'red', line: 'Paused: the POS is offline. Ordering resumes when it is back online.' };
  if (state === 'PAUSED')
    return { badge: 'Paused', tone: 'red', line: until ? `Paused until ${when(until, timezone, now)}${why}.` : `Paused until resumed${why}.` };
  if (state === 'CLOSED') {
    const opens = nextOpenAt ? `, opens ${when(nextOpenAt, timezone, now)}` : '';
    return { badge: 'Closed', tone: 'amber', line: `${reason === 'SPECIAL_DAY' ? 'Closed today' : 'Closed'}${opens}${why}.` };
  }
  if (busy)
    return {
      badge: 'Busy',
      tone: 'amber',
      line: `Busy: orders take ${busy.minutes} min longer${busy.until ? ` until ${when(busy.until, timezone, now)}` : ' until cleared'}.`,
    };
  return { badge: 'Open', tone: 'green', line: null };
}

function PauseForm({ location }: { location: AvailabilityCard }) {
  const form = useDashboardForm(pauseAction);
  const id = `pause-${location.id}`;
  return (
    <form key={form.formKey} action={form.formAction} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="locationId" value={location.id} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-duration`} className="text-xs font-medium text-stone-600">
          Pause for
        </label>
        <Select id={`${id}-duration`} name="duration" defaultValue={form.valueOf('duration', '15')} className="w-auto">
          {PAUSE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-reason`} className="text-xs font-medium text-stone-600">
          Reason
        </label>
        <Select id={`${id}-reason`} name="reason" defaultValue={form.valueOf('reason', PAUSE_REASONS[0])} className="w-auto">
          {PAUSE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="danger" disabled={form.pending}>
        Pause
      </Button>
      {form.formError ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {form.formError}
        </p>
      ) : null}
    </form>
  );
}

function BusyForm({ location }: { location: AvailabilityCard }) {
  const form = useDashboardForm(busyAction);
  const id = `busy-${location.id}`;
  return (
    <form key={form.formKey} action={form.formAction} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="locationId" value={location.id} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-minutes`} className="text-xs font-medium text-stone-600">
          Extra minutes
        </label>
        <Select id={`${id}-minutes`} name="minutes" defaultValue={form.valueOf('minutes', '20')} className="w-auto">
          {BUSY_CHOICES.map((minutes) => (
            <option key={minutes} value={minutes}>
              +{minutes} min
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="secondary" disabled={form.pending}>
        Set busy
      </Button>
      {form.formError ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {form.formError}
        </p>
      ) : null}
    </form>
  );
}

/** A one-button form (Resume, Clear busy) for one location. */
function OneTap({ location, action, label }: { location: AvailabilityCard; action: typeof resumeAction; label: string }) {
  const form = useDashboardForm(action);
  return (
    <form action={form.formAction}>
      <input type="hidden" name="locationId" value={location.id} />
      <Button type="submit" variant="primary" disabled={form.pending}>
        {label}
      </Button>
      {form.formError ? (
        <p role="alert" className="text-sm text-red-700">
          {form.formError}
        </p>
      ) : null}
    </form>
  );
}

/** The orders board's availability strip for one location: state, banner with its end time, Pause/Resume and busy mode. */
export function AvailabilityControls({ location, serverNow, settings = true }: { location: AvailabilityCard; serverNow: string; settings?: boolean }) {
  const { availability } = location;
  const text = availabilityText(availability, location.timezone, serverNow);
  const paused = availability.state === 'PAUSED';
  const resumable = paused && availability.reason !== 'POS_OFFLINE';
  return (
    <section aria-label={`Ordering at ${location.name}`} className="rounded-lg border border-stone-200 bg-white px-3 py-2 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-stone-900">
          {location.name} <Badge tone={text.tone}>{text.badge}</Badge>
          {availability.busy && paused ? (
            <>
              {' '}
              <Badge tone="amber">Busy</Badge>
            </>
          ) : null}
        </h2>
        {settings ? (
          <Link href={`/dashboard/locations/${encodeURIComponent(location.id)}/availability`} className="text-sm text-brand-700 underline underline-offset-2">
            Hours and special days
          </Link>
        ) : null}
      </div>
      {text.line ? (
        <p role="status" className={`mt-2 rounded-md px-3 py-2 text-sm font-medium ${paused ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}>
          {text.line}
        </p>
      ) : null}
      {/* The one-tap answers stay in view; the forms that start a pause or busy mode fold away so tickets keep the screen. */}
      {resumable || availability.busy ? (
        <div className="mt-2 flex flex-wrap items-end gap-x-6 gap-y-3">
          {resumable ? <OneTap location={location} action={resumeAction} label="Resume" /> : null}
          {availability.busy ? <OneTap location={location} action={clearBusyAction} label="Clear busy" /> : null}
        </div>
      ) : null}
      {paused && availability.busy ? null : (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            {paused ? 'Set busy' : availability.busy ? 'Pause' : 'Pause or set busy'}…
          </summary>
          <div className="mt-2 flex flex-wrap items-end gap-x-6 gap-y-3">
            {paused ? null : <PauseForm location={location} />}
            {availability.busy ? null : <BusyForm location={location} />}
          </div>
        </details>
      )}
    </section>
  );
}
