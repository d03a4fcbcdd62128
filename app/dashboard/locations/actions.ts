'use server';

import { revalidatePath } from 'next/cache';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  busyFormSchema,
  hoursFormSchema,
  locationFormSchema,
  pauseFormSchema,
  pauseUntil,
  posOfflineFormSchema,
  removeSpecialDaySchema,
  specialDayFormSchema,
} from '@/lib/availability/dashboard-forms';
import { merchantAvailabilities } from '@/lib/availability/merchant-view';
import { changeAvailability } from '@/lib/availability/location-availability';
import type { MerchantAvailabilityChange } from '@/lib/availability/schema';
import { notFound as notFoundError } from '@/lib/http/errors';
import { rowsOf } from '@/db/rows';
import type { MerchantCaller } from '@/lib/tenancy/scope';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { dashboardAction } from '../_lib/action';

const BOARD = '/dashboard/orders';
const settingsPage = (locationId: string) => `/dashboard/locations/${encodeURIComponent(locationId)}/availability`;

/** The merchant changes a location's availability as the POS would, plus hours; the same event goes to every partner. */
async function change(db: Database, caller: MerchantCaller, locationId: string, update: MerchantAvailabilityChange) {
  await changeAvailability(db, { caller: { merchantId: caller.merchantId, locationIds: caller.locationIds }, by: 'MERCHANT' }, locationId, update);
  revalidatePath(settingsPage(locationId));
}

/** The database clock, so "15 min" means the same on every instance. */
async function databaseNow(db: Database): Promise<number> {
  const [row] = rowsOf<{ now: string | Date }>(await db.execute(sql`select now() as now`));
  return new Date(row!.now).getTime();
}

export const pauseAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'board.view', page: BOARD, schema: pauseFormSchema, audit: 'location.availability.pause' },
  async ({ db, user, input, audit }) => {
    const [location] = await merchantAvailabilities(db, user, input.locationId);
    if (!location) throw notFoundError('Location');
    const until = pauseUntil(input.duration, await databaseNow(db), location.timezone);
    await change(db, user, input.locationId, { pause: { until, reason: input.reason ?? null } });
    Object.assign(audit, { targetType: 'location', targetId: input.locationId });
    return `${location.name} paused.`;
  },
);

export const resumeAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'board.view', page: BOARD, schema: locationFormSchema, audit: 'location.availability.resume' },
  async ({ db, user, input, audit }) => {
    await change(db, user, input.locationId, { pause: null });
    Object.assign(audit, { targetType: 'location', targetId: input.locationId });
    return 'Ordering resumed.';
  },
);

export const busyAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'board.view', page: BOARD, schema: busyFormSchema, audit: 'location.availability.busy' },
  async ({ db, user, input, audit }) => {
    await change(db, user, input.locationId, { busy: { minutes: input.minutes } });
    Object.assign(audit, { targetType: 'location', targetId: input.locationId });
    return `Busy: orders take ${input.minutes} min longer.`;
  },
);

export const clearBusyAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'board.view', page: BOARD, schema: locationFormSchema, audit: 'location.availability.busy-clear' },
  async ({ db, user, input, audit }) => {
    await change(db, user, input.locationId, { busy: null });
    Object.assign(audit, { targetType: 'location', targetId: input.locationId });
    return 'Busy mode cleared.';
  },
);

export const saveHoursAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'availability.edit', page: BOARD, schema: hoursFormSchema, audit: 'location.availability.hours' },
  async ({ db, user, input, audit }) => {
    await change(db, user, input.locationId, { hours: input.hours });
    Object.assign(audit, { targetType: 'location', targetId: input.locationId, after: { hours: input.hours } });
    return input.hours ? 'Opening hours saved.' : 'Open at all times.';
  },
);

export const addSpecialDayAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'availability.edit', page: BOARD, schema: specialDayFormSchema, audit: 'location.availability.special-day' },
  async ({ db, user, input, audit }) => {
    const [location] = await merchantAvailabilities(db, user, input.locationId);
    if (!location) throw notFoundError('Location');
    const day = {
      date: input.date,
      closed: Boolean(input.closed) || !input.hours.length,
      hours: input.closed ? undefined : input.hours,
      note: input.note ?? null,
    };
    const specialDays = [...location.allSpecialDays.filter((existing) => existing.date !== input.date), day];
    await change(db, user, input.locationId, { specialDays });
    Object.assign(audit, { targetType: 'location', targetId: input.locationId });
    return 'Special day saved.';
  },
);

export const removeSpecialDayAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'availability.edit', page: BOARD, schema: removeSpecialDaySchema, audit: 'location.availability.special-day-remove' },
  async ({ db, user, input, audit }) => {
    const [location] = await merchantAvailabilities(db, user, input.locationId);
    if (!location) throw notFoundError('Location');
    await change(db, user, input.locationId, { specialDays: location.allSpecialDays.filter((existing) => existing.date !== input.date) });
    Object.assign(audit, { targetType: 'location', targetId: input.locationId });
    return 'Special day removed.';
  },
);

export const savePosOfflineAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'availability.edit', page: BOARD, schema: posOfflineFormSchema, audit: 'location.availability.pos-offline' },
  async ({ db, user, input, audit }) => {
    await change(db, user, input.locationId, { posOffline: { pauseOrdering: Boolean(input.pauseOrdering), afterSeconds: input.afterMinutes * 60 } });
    Object.assign(audit, { targetType: 'location', targetId: input.locationId });
    return 'POS-offline rule saved.';
  },
);
