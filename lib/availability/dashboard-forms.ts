import { z } from 'zod';
import { PAUSE_CHOICES } from './choices';
import type { TimeRange, WeeklyRange } from './evaluate';
import { merchantAvailabilitySchema } from './schema';
import { localDay, shiftDay, WEEKDAYS, zonedInstant } from './zoned-time';

const locationField = z.string().min(1).max(50);

export const pauseFormSchema = z.object({
  locationId: locationField,
  duration: z.enum(PAUSE_CHOICES.map((choice) => choice.value) as [string, ...string[]], { error: 'Choose how long to pause.' }),
  reason: z.string().max(200).optional(),
});

export const busyFormSchema = z.object({ locationId: locationField, minutes: z.coerce.number().int().min(5).max(120) });
export const locationFormSchema = z.object({ locationId: locationField });

/** When a pause chosen on the board ends: minutes from now, the location's next midnight, or never. */
export function pauseUntil(duration: string, now: number, timezone: string): string | null {
  if (duration === 'UNTIL_RESUMED') return null;
  if (duration === 'REST_OF_DAY') return new Date(zonedInstant(shiftDay(localDay(timezone, now), 1), 0, timezone)).toISOString();
  return new Date(now + Number(duration) * 60_000).toISOString();
}

const RANGE = /^\s*(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})\s*$/;
const minutes = (hours: string, mins: string) => Number(hours) * 60 + Number(mins);
const pad = (value: string) => value.padStart(2, '0');

/** "11:30–14:30, 17:30–22:00" → ranges (an empty text: none); undefined when a part cannot be read. */
export function parseRanges(text: string): TimeRange[] | undefined {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const ranges: TimeRange[] = [];
  for (const part of parts) {
    const match = RANGE.exec(part);
    if (!match || Number(match[2]) > 59 || Number(match[4]) > 59) return undefined;
    // Opens 00:00–23:59; closes up to 24:00 (midnight).
    if (minutes(match[1]!, match[2]!) >= 1440 || minutes(match[3]!, match[4]!) > 1440) return undefined;
    ranges.push({ opens: `${pad(match[1]!)}:${match[2]}`, closes: `${pad(match[3]!)}:${match[4]}` });
  }
  return ranges;
}

const rangesField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const ranges = parseRanges(text ?? '');
    if (!ranges) ctx.addIssue({ code: 'custom', message: 'Write ranges as 11:30–14:30, 17:30–22:00.' });
    return ranges ?? [];
  });

/** The weekly hours form: a switch (no hours: open at all times) and a text field of ranges per weekday. */
export const hoursFormSchema = z
  .object({ locationId: locationField, useHours: z.literal('on').optional(), ...Object.fromEntries(WEEKDAYS.map((day) => [day, rangesField])) })
  .transform((form) => {
    const values = form as unknown as Record<string, TimeRange[]> & { locationId: string; useHours?: 'on' };
    const hours: WeeklyRange[] | null = values.useHours ? WEEKDAYS.flatMap((day) => values[day]!.map((range) => ({ day, ...range }))) : null;
    return { locationId: values.locationId, hours };
  })
  .pipe(z.object({ locationId: z.string(), hours: merchantAvailabilitySchema.shape.hours.unwrap() }));

export const specialDayFormSchema = z.object({
  locationId: locationField,
  date: z.iso.date({ error: 'Choose a date.' }),
  closed: z.literal('on').optional(),
  hours: rangesField,
  note: z.string().max(200).optional(),
});

export const removeSpecialDaySchema = z.object({ locationId: locationField, date: z.iso.date() });

export const posOfflineFormSchema = z.object({
  locationId: locationField,
  pauseOrdering: z.literal('on').optional(),
  afterMinutes: z.coerce.number().int().min(1).max(60),
});
