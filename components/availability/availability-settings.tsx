'use client';

import { addSpecialDayAction, removeSpecialDayAction, saveHoursAction, savePosOfflineAction } from '@/app/dashboard/locations/actions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { describedBy, Field, Input } from '@/components/ui/field';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import { formatRanges } from '@/lib/availability/choices';
import type { Availability } from '@/lib/availability/schema';
import { WEEKDAYS } from '@/lib/availability/zoned-time';
import { formatDay } from '@/lib/time/format';

const dayLabel = (day: string) => day.charAt(0) + day.slice(1).toLowerCase();

/** Weekly hours with split ranges per day; unticked, the location is open at all times. */
export function HoursForm({ locationId, hours }: { locationId: string; hours: Availability['hours'] }) {
  const form = useDashboardForm(saveHoursAction);
  const initial = (day: string) => formatRanges((hours ?? []).filter((range) => range.day === day));
  return (
    <Card title="Weekly hours">
      <form key={form.formKey} action={form.formAction} onChange={form.onChange} className="space-y-3">
        <input type="hidden" name="locationId" value={locationId} />
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" name="useHours" defaultChecked={form.state.values ? form.valueOf('useHours') === 'on' : hours !== null} className="size-4" />
          Take orders only within these hours (unticked: at all times)
        </label>
        <p className="text-xs text-stone-500">
          Ranges such as 11:30–14:30, 17:30–22:00; a range may pass midnight (22:00–02:00). Leave a day empty to stay closed.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {WEEKDAYS.map((day) => {
            const id = `hours-${day}`;
            const error = form.errorOf(day);
            return (
              <Field key={day} label={dayLabel(day)} htmlFor={id} error={error}>
                <Input id={id} name={day} defaultValue={form.valueOf(day, initial(day))} placeholder="Closed" {...describedBy(id, error)} />
              </Field>
            );
          })}
        </div>
        {form.formError || form.errorOf('hours') ? (
          <p role="alert" className="text-sm text-red-700">
            {form.formError ?? form.errorOf('hours')}
          </p>
        ) : null}
        <Button type="submit" disabled={form.pending}>
          Save hours
        </Button>
      </form>
    </Card>
  );
}

function RemoveSpecialDay({ locationId, date }: { locationId: string; date: string }) {
  const form = useDashboardForm(removeSpecialDayAction);
  return (
    <form action={form.formAction}>
      <input type="hidden" name="locationId" value={locationId} />
      <input type="hidden" name="date" value={date} />
      <Button type="submit" variant="ghost" disabled={form.pending} aria-label={`Remove ${formatDay(date, { year: true })}`}>
        Remove
      </Button>
    </form>
  );
}

/** Special days: closed, or other hours, with a note. */
export function SpecialDays({ locationId, days }: { locationId: string; days: Availability['specialDays'] }) {
  const form = useDashboardForm(addSpecialDayAction);
  return (
    <Card title="Special days">
      {days.length ? (
        <ul className="mb-4 divide-y divide-stone-200">
          {days.map((day) => (
            <li key={day.date} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium text-stone-900">{formatDay(day.date, { year: true })}</span>{' '}
                <span className="text-stone-700">{day.closed ? 'Closed' : formatRanges(day.hours ?? [])}</span>
                {day.note ? <span className="text-stone-500"> · {day.note}</span> : null}
              </span>
              <RemoveSpecialDay locationId={locationId} date={day.date} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-stone-500">No special days.</p>
      )}
      <form key={form.formKey} action={form.formAction} onChange={form.onChange} className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="locationId" value={locationId} />
        <Field label="Date" htmlFor="special-date" error={form.errorOf('date')}>
          <Input id="special-date" name="date" type="date" defaultValue={form.valueOf('date')} {...describedBy('special-date', form.errorOf('date'))} />
        </Field>
        <Field label="Hours that day" htmlFor="special-hours" error={form.errorOf('hours')} hint="Empty, or Closed ticked: closed all day.">
          <Input
            id="special-hours"
            name="hours"
            defaultValue={form.valueOf('hours')}
            placeholder="10:00–15:00"
            {...describedBy('special-hours', form.errorOf('hours'))}
          />
        </Field>
        <Field label="Note" htmlFor="special-note" error={form.errorOf('note')}>
          <Input id="special-note" name="note" defaultValue={form.valueOf('note')} placeholder="Public holiday" />
        </Field>
        <label className="flex items-center gap-2 self-center text-sm text-stone-800">
          <input type="checkbox" name="closed" defaultChecked={form.valueOf('closed') === 'on'} className="size-4" />
          Closed all day
        </label>
        {form.formError ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {form.formError}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.pending}>
            Add special day
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The POS-offline rule: pause ordering once the POS has been offline for some minutes, resume when it is back. */
export function PosOfflineRule({ locationId, rule }: { locationId: string; rule: Availability['posOffline'] }) {
  const form = useDashboardForm(savePosOfflineAction);
  return (
    <Card title="When the POS is offline">
      <form key={form.formKey} action={form.formAction} onChange={form.onChange} className="space-y-3">
        <input type="hidden" name="locationId" value={locationId} />
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            name="pauseOrdering"
            defaultChecked={form.state.values ? form.valueOf('pauseOrdering') === 'on' : rule.pauseOrdering}
            className="size-4"
          />
          Pause ordering while the POS is offline
        </label>
        <Field label="After (minutes offline)" htmlFor="offline-minutes" error={form.errorOf('afterMinutes')}>
          <Input
            id="offline-minutes"
            name="afterMinutes"
            type="number"
            min={1}
            max={60}
            defaultValue={form.valueOf('afterMinutes', String(Math.round(rule.afterSeconds / 60)))}
            className="w-28"
            {...describedBy('offline-minutes', form.errorOf('afterMinutes'))}
          />
        </Field>
        {form.formError ? (
          <p role="alert" className="text-sm text-red-700">
            {form.formError}
          </p>
        ) : null}
        <Button type="submit" disabled={form.pending}>
          Save rule
        </Button>
      </form>
    </Card>
  );
}
