import type { Executor } from '@/db/client';
import { ApiError } from '@/lib/errors';
import { evaluateAvailability, withinHours } from './evaluate';
import { loadAvailability, publishedState } from './location-availability';

/** What availability adds to a new order: busy mode's extra minutes and when the order is expected ready. */
export interface OrderIntake {
  busyMinutes?: number;
  expectedReadyAt?: string;
}

/**
 * docs/contract.md#availability, for POST /orders: a CLOSED or PAUSED location refuses an order with 409
 * LOCATION_UNAVAILABLE (state, reason, nextOpenAt), so it never waits out the auto-reject clock. An order for later
 * (`fulfilment.scheduledFor`, as Square's SCHEDULED pickup and Deliverect's non-ASAP order) is taken when that time falls
 * within the hours and no open-ended pause, or the POS being offline, stands in its way. In busy mode the order is taken
 * and is expected ready `busyMinutes` later (from its scheduled time, or from now).
 */
export async function admitOrder(db: Executor, locationId: string, scheduledFor: string | undefined): Promise<OrderIntake> {
  const loaded = await loadAvailability(db, locationId);
  if (!loaded) return {};
  const state = evaluateAvailability(loaded.settings, loaded.now);
  const dueAt = scheduledFor ? Date.parse(scheduledFor) : null;
  if (state.state !== 'OPEN') {
    const forLater =
      dueAt !== null &&
      dueAt > loaded.now &&
      state.reason !== 'POS_OFFLINE' &&
      (state.reason === 'OUTSIDE_HOURS' || state.reason === 'SPECIAL_DAY' || (state.until !== null && state.until <= dueAt)) &&
      withinHours(loaded.settings, dueAt);
    if (!forLater) {
      const told = publishedState(state);
      const message =
        state.state === 'CLOSED'
          ? `Location ${locationId} is closed${told.nextOpenAt ? ` until ${told.nextOpenAt}` : ''}.`
          : `Location ${locationId} is not taking orders (${state.reason})${told.nextOpenAt ? ` until ${told.nextOpenAt}` : ''}.`;
      throw new ApiError('LOCATION_UNAVAILABLE', message, {
        members: { state: told.state, reason: told.reason, until: told.until, nextOpenAt: told.nextOpenAt },
      });
    }
  }
  if (!state.busy) return {};
  return { busyMinutes: state.busy.minutes, expectedReadyAt: new Date((dueAt ?? loaded.now) + state.busy.minutes * 60_000).toISOString() };
}
