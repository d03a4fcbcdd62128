import { z } from 'zod';
import { WEEKDAYS } from './zoned-time';

// Local wall times: "00:00"–"23:59", and "24:00" for a range that ends at midnight.
const wallTime = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'A time is HH:MM, 00:00 to 24:00.')
  .meta({ examples: ['14:30'] });
const opensTime = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'A range opens at HH:MM, 00:00 to 23:59.')
  .meta({ examples: ['11:30'] });
const calendarDay = z.iso.date().describe('A calendar day, YYYY-MM-DD, in the location’s time zone.');
const instant = z.iso.datetime({ offset: true });

export const timeRangeSchema = z
  .object({
    opens: opensTime.describe('Local time the range opens, HH:MM.'),
    closes: wallTime.describe('Local time it closes, HH:MM; at or before `opens` means the next day (22:00–02:00), 24:00 is midnight.'),
  })
  .meta({ id: 'TimeRange' });

export const weeklyRangeSchema = timeRangeSchema.extend({ day: z.enum(WEEKDAYS) }).meta({ id: 'WeeklyRange', description: 'An opening range on a weekday.' });

export const specialDaySchema = z
  .object({
    date: calendarDay,
    closed: z.boolean().describe('Closed all day; otherwise `hours` are the day’s hours instead of its weekday’s.'),
    hours: z.array(timeRangeSchema).max(6).optional(),
    note: z.string().max(200).nullable().optional().describe('Why, for the merchant’s staff and the apps (a holiday, a private event).'),
  })
  .meta({ id: 'SpecialDay', description: 'A date with other hours than its weekday’s.' });

const busySchema = z.object({
  minutes: z.int().min(5).max(120).describe('Extra preparation minutes, 5 to 120.'),
  until: instant.nullable().describe('When busy mode ends by itself; null until cleared.'),
});

export const availabilitySchema = z
  .object({
    locationId: z.string(),
    state: z.enum(['OPEN', 'CLOSED', 'PAUSED']),
    reason: z
      .enum(['OUTSIDE_HOURS', 'SPECIAL_DAY', 'PAUSED_BY_MERCHANT', 'PAUSED_BY_POS', 'POS_OFFLINE'])
      .nullable()
      .describe('Why the location is CLOSED or PAUSED; null while OPEN.'),
    note: z.string().nullable().describe('The reason given with a pause, or the special day’s note.'),
    until: instant.nullable().describe('When the state ends by itself (closing time, the end of a pause); null when nothing ends it by itself.'),
    busy: busySchema.nullable().describe('Busy mode: orders are taken, ready this many minutes later than usual.'),
    nextOpenAt: instant
      .nullable()
      .describe('When orders for now are taken again; null while OPEN and when nothing known reopens it (paused until resumed, POS offline).'),
    timezone: z.string().describe('The location’s IANA time zone, in which hours are kept.'),
    hours: z.array(weeklyRangeSchema).nullable().describe('Weekly opening ranges; null: no hours set, open at all times.'),
    specialDays: z.array(specialDaySchema).describe('Special days of the next 14 days.'),
    posOffline: z.object({
      pauseOrdering: z.boolean().describe('Pause ordering while the POS is offline (default true).'),
      afterSeconds: z.int().describe('How long the POS must be RED before the location is PAUSED with reason POS_OFFLINE (default 120).'),
    }),
    version: z.int().describe('Counts the availability’s changes, as `data.version` of LOCATION_AVAILABILITY_UPDATED.'),
  })
  .meta({ id: 'Availability', description: 'Whether a location takes orders now, why, and until when; its hours and special days.' });

export type Availability = z.output<typeof availabilitySchema>;

const futureInstant = instant.refine((value) => Date.parse(value) > Date.now(), 'The time must be in the future.');

/** What a POS may change (docs/contract.md#availability): a pause and busy mode, each cleared with null. */
export const availabilityPatchSchema = z
  .strictObject({
    pause: z
      .strictObject({
        until: futureInstant.nullable().optional().describe('When the pause ends by itself; absent or null: until resumed.'),
        reason: z.string().max(200).nullable().optional().describe('Shown to staff and apps as `note`.'),
      })
      .nullable()
      .optional()
      .describe('Pause ordering; null resumes.'),
    busy: z
      .strictObject({
        minutes: z.int().min(5).max(120),
        until: futureInstant.nullable().optional().describe('When busy mode ends by itself; absent or null: until cleared.'),
      })
      .nullable()
      .optional()
      .describe('Busy mode; null clears it.'),
  })
  .meta({ id: 'AvailabilityPatch', description: 'A JSON merge patch: pause or resume, set or clear busy mode. Members left out stay as they are.' });

export type AvailabilityPatch = z.output<typeof availabilityPatchSchema>;

const hasOverlaps = (ranges: { opens: string; closes: string }[]) => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const spans = ranges.map(({ opens, closes }) => [minutes(opens), minutes(closes) <= minutes(opens) ? minutes(closes) + 1440 : minutes(closes)] as const);
  spans.sort((a, b) => a[0] - b[0]);
  return spans.some((span, index) => index > 0 && span[0] < spans[index - 1]![1]);
};

/** What the merchant may change beyond a POS: the hours, special days and the POS-offline rule. */
export const merchantAvailabilitySchema = z.object({
  hours: z
    .array(weeklyRangeSchema)
    .max(70)
    .nullable()
    .refine((ranges) => !ranges || WEEKDAYS.every((day) => !hasOverlaps(ranges.filter((range) => range.day === day))), 'Ranges of one day overlap.')
    .optional(),
  specialDays: z
    .array(specialDaySchema)
    .max(200)
    .refine((days) => new Set(days.map((day) => day.date)).size === days.length, 'A date appears twice.')
    .optional(),
  posOffline: z.object({ pauseOrdering: z.boolean(), afterSeconds: z.int().min(30).max(3600) }).optional(),
});

export type MerchantAvailabilityChange = z.output<typeof merchantAvailabilitySchema> & AvailabilityPatch;
