import { unwrap, type CounterpartClient } from './client.js';
import { CounterpartProblem } from './errors.js';
import type { components } from './schema.js';

export type Availability = components['schemas']['Availability'];
export type AvailabilityPatch = components['schemas']['AvailabilityPatch'];

/** Whether a location takes orders now, why, until when, its hours and special days (every connected partner). */
export function getAvailability(client: CounterpartClient, locationId: string): Promise<Availability> {
  return unwrap(client.GET('/locations/{locationId}/availability', { params: { path: { locationId } } }));
}

/** Changes a location's pause or busy mode (POS only), as a JSON merge patch: members left out stay as they are. */
export async function patchAvailability(client: CounterpartClient, locationId: string, patch: AvailabilityPatch): Promise<void> {
  await client.PATCH('/locations/{locationId}/availability', { params: { path: { locationId } }, body: patch });
}

/** Pauses ordering until `until` (an RFC 3339 time) or, without it, until `resumeOrdering`. */
export const pauseOrdering = (client: CounterpartClient, locationId: string, options: { until?: string; reason?: string } = {}) =>
  patchAvailability(client, locationId, { pause: { until: options.until ?? null, reason: options.reason ?? null } });

export const resumeOrdering = (client: CounterpartClient, locationId: string) => patchAvailability(client, locationId, { pause: null });

/** Busy mode: orders are taken and ready `minutes` (5–120) later, until `until` or `clearBusy`. */
export const setBusy = (client: CounterpartClient, locationId: string, minutes: number, until?: string) =>
  patchAvailability(client, locationId, { busy: { minutes, until: until ?? null } });

export const clearBusy = (client: CounterpartClient, locationId: string) => patchAvailability(client, locationId, { busy: null });

/** What a 409 LOCATION_UNAVAILABLE says about the location: its state, why, and when it takes orders again. */
export interface LocationUnavailable {
  state: 'CLOSED' | 'PAUSED';
  reason: string | null;
  until: string | null;
  nextOpenAt: string | null;
}

/** The location's state when `error` is the refusal of an order to a closed or paused location; undefined otherwise. */
export function locationUnavailable(error: unknown): LocationUnavailable | undefined {
  if (!(error instanceof CounterpartProblem) || error.code !== 'LOCATION_UNAVAILABLE') return undefined;
  const problem = error.problem;
  return {
    state: problem.state as LocationUnavailable['state'],
    reason: (problem.reason as string | null) ?? null,
    until: (problem.until as string | null) ?? null,
    nextOpenAt: (problem.nextOpenAt as string | null) ?? null,
  };
}
