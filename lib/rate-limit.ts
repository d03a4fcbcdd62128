import { createHash } from 'node:crypto';
import type { Sql } from 'postgres';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { databaseHandle } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { getTableName } from 'drizzle-orm';
import { ApiError } from '@/lib/errors';

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

type Limiter = RateLimiterMemory | RateLimiterPostgres;

/** Where limits are counted: one process's memory (embedded default, tests without a database), or a PostgreSQL server. */
type Store = { kind: 'memory' } | { kind: 'postgres'; client: Sql };

const memoryStore: Store = { kind: 'memory' };
const holder = globalThis as typeof globalThis & { __counterpartLimiters?: WeakMap<object, Map<string, Limiter>> };

/**
 * With DATABASE_URL every instance counts in the shared `rate_limits` table, so N instances still allow the published
 * limit once, not N times; the embedded default is a single process and counts in memory.
 */
function currentStore(): Store {
  let handle;
  try {
    handle = databaseHandle();
  } catch {
    return memoryStore;
  }
  if (handle.kind !== 'postgres') return memoryStore;
  // drizzle's postgres-js database carries the postgres.js client it was built on.
  const client = (handle.db as unknown as { $client?: Sql }).$client;
  return client ? { kind: 'postgres', client } : memoryStore;
}

/** rate-limiter-flexible's PostgreSQL store speaks node-postgres' `query({text, values})`; postgres.js answers it. */
function queryAdapter(client: Sql) {
  return {
    async query({ text, values }: { text: string; values?: unknown[] }) {
      const rows = await client.unsafe(text, (values ?? []) as never[], { prepare: true });
      return { rows, rowCount: rows.count };
    },
  };
}

/**
 * What a limiter counts: `requests`, served (on PostgreSQL) from leases and refused from memory once spent; or
 * `attempts` (failure budgets), counted exactly in the store, because an attempt may give its point back
 * (reserveAttempt) and a key blocked in memory would stay blocked after the refund.
 */
type Counting = 'requests' | 'attempts';

function limiter(name: string, pointsPerMinute: number, counting: Counting = 'requests'): Limiter {
  const store = currentStore();
  const storeKey = store.kind === 'postgres' ? store.client : store;
  holder.__counterpartLimiters ??= new WeakMap();
  let limiters = holder.__counterpartLimiters.get(storeKey);
  if (!limiters) {
    limiters = new Map();
    holder.__counterpartLimiters.set(storeKey, limiters);
  }
  const key = `${name}:${pointsPerMinute}`;
  let found = limiters.get(`${counting}:${key}`);
  if (!found) {
    // The budget is part of the prefix, as it is of the memory limiter's identity: a changed budget counts afresh.
    const options = { points: pointsPerMinute, duration: 60, keyPrefix: key };
    found =
      store.kind === 'memory'
        ? new RateLimiterMemory(options)
        : new RateLimiterPostgres({
            ...options,
            storeClient: queryAdapter(store.client),
            storeType: 'client',
            tableName: getTableName(rateLimits),
            // The table comes with the migrations (db/schema/rate-limits.ts).
            tableCreated: true,
            // One limiter per store sweeps windows that ended an hour ago; the table is shared, so one is enough.
            clearExpiredByTimeout: limiters.size === 0,
            // A key that has spent its budget is refused from memory until its window ends, without a round trip.
            ...(counting === 'requests' ? { inMemoryBlockOnConsumed: pointsPerMinute } : {}),
            // Should the database fail, count in memory rather than turn a limit check into an error.
            insuranceLimiter: new RateLimiterMemory(options),
          });
    limiters.set(`${counting}:${key}`, found);
  }
  return found;
}

/**
 * Keys carry caller-chosen text (a client_id, an address from a trusted proxy); anything long or unusual is counted
 * by its digest, so the stored key always fits the column and holds no byte PostgreSQL refuses.
 */
function storedKey(key: string): string {
  return /^[\x21-\x7e]{1,150}$/.test(key) ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`;
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
  };
}

/**
 * Consumes one request from `key`'s budget (docs/contract.md#statuses: published limits on every response).
 * Throws a 429 ApiError with Retry-After when the budget is spent.
 */
export async function consumeRateLimit(name: string, key: string, pointsPerMinute: number): Promise<RateLimitState> {
  const chosen = limiter(name, pointsPerMinute);
  const counted = storedKey(key);
  if (chosen instanceof RateLimiterMemory) {
    try {
      const result = await chosen.consume(counted);
      return { limit: pointsPerMinute, remaining: result.remainingPoints, resetSeconds: Math.ceil(result.msBeforeNext / 1000) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw rateLimited(pointsPerMinute, rejection.msBeforeNext);
    }
  }
  return consumeLeased(chosen, counted, pointsPerMinute);
}

function rateLimited(pointsPerMinute: number, msBeforeNext: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const state = { limit: pointsPerMinute, remaining: 0, resetSeconds: retryAfter };
  return new ApiError('RATE_LIMITED', `Rate limit of ${pointsPerMinute} requests per minute exceeded; retry in ${retryAfter} s.`, {
    headers: { ...rateLimitHeaders(state), 'Retry-After': String(retryAfter) },
  });
}

/** Requests of the shared budget an instance has taken for itself and not yet served, until the window ends. */
interface Lease {
  left: number;
  /** The shared count right after this lease was taken. */
  countedThen: number;
  endsAt: number;
}

interface LeaseBook {
  leases: Map<string, Lease>;
  /** A lease being taken, which concurrent requests of the same key wait for instead of each taking one. */
  taking: Map<string, Promise<number | undefined>>;
}

const leaseHolder = globalThis as typeof globalThis & { __counterpartLeases?: WeakMap<Limiter, LeaseBook> };

/** A lease is a twentieth of the budget: 30 requests of the partner API's 600 a minute. */
export const leaseSize = (pointsPerMinute: number) => Math.max(1, Math.floor(pointsPerMinute / 20));

function leaseBook(chosen: Limiter): LeaseBook {
  leaseHolder.__counterpartLeases ??= new WeakMap();
  let book = leaseHolder.__counterpartLeases.get(chosen);
  if (!book) {
    book = { leases: new Map(), taking: new Map() };
    leaseHolder.__counterpartLeases.set(chosen, book);
  }
  return book;
}

/**
 * A round trip to PostgreSQL for every partner call would cost more than the call's own token check, so each
 * instance takes the shared budget a lease at a time and serves the lease from memory. The shared count includes
 * every lease taken, so all instances together never admit more than the published limit; an instance's unused
 * lease at most refuses the other instances a few requests early. Budgets under 40 have leases of one: exact.
 */
async function consumeLeased(chosen: Limiter, key: string, pointsPerMinute: number): Promise<RateLimitState> {
  const book = leaseBook(chosen);
  for (;;) {
    const now = Date.now();
    const held = book.leases.get(key);
    if (held && held.left > 0 && held.endsAt > now) {
      held.left -= 1;
      return {
        limit: pointsPerMinute,
        remaining: Math.max(0, pointsPerMinute - held.countedThen + held.left),
        resetSeconds: Math.ceil((held.endsAt - now) / 1000),
      };
    }
    let taking = book.taking.get(key);
    if (!taking) {
      taking = takeLease(chosen, book, key, pointsPerMinute).finally(() => book.taking.delete(key));
      book.taking.set(key, taking);
    }
    const refusedForMs = await taking;
    if (refusedForMs !== undefined) throw rateLimited(pointsPerMinute, refusedForMs);
  }
}

/** Takes a lease of `key`'s shared budget into the book; answers how long until the window ends when none is left. */
async function takeLease(chosen: Limiter, book: LeaseBook, key: string, pointsPerMinute: number): Promise<number | undefined> {
  const size = leaseSize(pointsPerMinute);
  let result: RateLimiterRes;
  try {
    result = await chosen.consume(key, size);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    result = rejection;
  }
  // What was left before this lease (nothing when the key is already blocked in memory, which reports 0 counted).
  const granted = result.consumedPoints < size ? 0 : Math.min(size, pointsPerMinute - (result.consumedPoints - size));
  const now = Date.now();
  if (granted < 1) {
    book.leases.delete(key);
    return result.msBeforeNext;
  }
  if (book.leases.size >= 10_000) for (const [other, lease] of book.leases) if (lease.endsAt <= now) book.leases.delete(other);
  book.leases.set(key, { left: granted, countedThen: Math.min(result.consumedPoints, pointsPerMinute), endsAt: now + result.msBeforeNext });
  return undefined;
}

/** A failure budget an attempt counts against: the limiter's name, the key counted, and failures allowed per minute. */
export type AttemptBudget = readonly [name: string, key: string, failuresPerMinute: number];

/** One attempt's hold on its budgets: granted (keep it for a failure, refund it for a success), or refused. */
export type AttemptReservation = { granted: true; refund: () => Promise<void> } | { granted: false; retryAfterSeconds: number };

// A refund this close to the end of its window is skipped: arriving after the window ended, it would open the next
// window one attempt in credit.
const REFUND_MARGIN_MS = 1000;

/**
 * Takes one attempt from every budget *before* the attempt is checked, each in one atomic step (an increment in this
 * process's memory, or on PostgreSQL one upsert that answers the new count, shared by every instance), so a burst of
 * parallel attempts reaches the check at most the budget's number of times, however it is spread over instances.
 * Refused when any budget is already spent (the budgets taken before it get their point back: nothing was tried).
 * A granted attempt that turns out right gives its point back with `refund`, so only failures lock out. The price is
 * that attempts in flight count until they are answered: more parallel attempts than the budget allows are refused
 * even when they would all have been right.
 */
export async function reserveAttempt(budgets: readonly AttemptBudget[]): Promise<AttemptReservation> {
  // The limiters are chosen before anything is awaited, so every point is taken from, and given back to, the store of
  // the database in use when the attempt began.
  const counters = budgets.map(([name, key, failuresPerMinute]) => ({ chosen: limiter(name, failuresPerMinute, 'attempts'), counted: storedKey(key) }));
  // One budget after the other: attempts that share their first budget are decided there, so a burst contending for
  // two budgets at once is not refused by each in turn (each attempt holding a point the other's refusal gives back).
  const holds: Hold[] = [];
  for (const { chosen, counted } of counters) {
    const hold = await takeAttempt(chosen, counted);
    if (!hold.granted) {
      await Promise.all(holds.map((held) => held.giveBack()));
      return { granted: false, retryAfterSeconds: hold.retryAfterSeconds };
    }
    holds.push(hold);
  }
  let refunded = false;
  return {
    granted: true,
    async refund() {
      if (refunded) return;
      refunded = true;
      await Promise.all(holds.map((hold) => hold.giveBack()));
    },
  };
}

interface Hold {
  granted: boolean;
  retryAfterSeconds: number;
  giveBack(): Promise<void>;
}

async function takeAttempt(chosen: Limiter, counted: string): Promise<Hold> {
  let result: RateLimiterRes;
  let granted = true;
  try {
    result = await chosen.consume(counted);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    result = rejection;
    granted = false;
  }
  const windowEndsAt = Date.now() + result.msBeforeNext;
  return {
    granted,
    retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
    async giveBack() {
      if (Date.now() < windowEndsAt - REFUND_MARGIN_MS) await chosen.reward(counted, 1);
    },
  };
}
