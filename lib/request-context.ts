import { AsyncLocalStorage } from 'node:async_hooks';

// The request a piece of work belongs to, without threading it through every lib function: an event emitted while a
// request is answered records its id, so the console links an API request to the events and deliveries it caused.
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of the request `requestId`. */
export const inRequest = <T>(requestId: string, work: () => T): T => storage.run({ requestId }, work);

/** The id of the request being answered, if any (background loops and scripts have none). */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;
