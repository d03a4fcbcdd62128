import type { OrderStatus } from './transitions';

/**
 * The kitchen's view of the board, without the database: which steps show, in which order the tickets stand, how
 * old a ticket is and what colour its age is, and what the kitchen must make now (the all-day counts). The board's
 * components and their unit tests use these; the server never needs them.
 */

/** One line of a ticket: an item or a modifier of one, with its own modifiers below it. */
export interface TicketLine {
  quantity: number;
  description: string;
  /** quantity × unit price, in cents. */
  lineTotal: number;
  notes: string | null;
  allergens: string[];
  modifiers: TicketLine[];
}

/** What the age and order logic needs of a ticket. */
export interface TicketTiming {
  id: string;
  status: OrderStatus;
  createdAt: string;
  /** When the order entered its current step. */
  stepSince: string;
  /** Set while the order is CREATED: when it will be rejected automatically. */
  autoRejectAt: string | null;
}

/** The open steps of the pass, left to right in the order an order moves. */
export const OPEN_STEPS = ['CREATED', 'ACCEPTED', 'BEING_PREPARED', 'READY', 'OUT_FOR_DELIVERY'] as const satisfies readonly OrderStatus[];
export type OpenStep = (typeof OPEN_STEPS)[number];

export const isOpenStep = (status: OrderStatus): status is OpenStep => (OPEN_STEPS as readonly string[]).includes(status);

/** The steps the open tickets use, in pass order: no empty "Out for delivery" column when no delivery is open. */
export function stepsInUse(tickets: readonly Pick<TicketTiming, 'status'>[]): OpenStep[] {
  const used = new Set(tickets.map((ticket) => ticket.status));
  return OPEN_STEPS.filter((step) => used.has(step));
}

/**
 * Oldest first in every step. New orders stand by urgency (the one nearest its auto-reject deadline first), which is
 * the oldest too when every order has the same answer window; the others by how long they have been in their step.
 */
export function byUrgency(a: TicketTiming, b: TicketTiming): number {
  if (a.autoRejectAt && b.autoRejectAt) return Date.parse(a.autoRejectAt) - Date.parse(b.autoRejectAt) || a.id.localeCompare(b.id);
  return Date.parse(a.stepSince) - Date.parse(b.stepSince) || Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id);
}

/** Whole seconds a ticket has waited in its step at `nowMs` (the server's clock); never negative. */
export function ageSeconds(ticket: Pick<TicketTiming, 'stepSince'>, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - Date.parse(ticket.stepSince)) / 1000));
}

/** mm:ss, minutes running past 59 (a ticket an hour and a half old reads 90:00). */
export function formatAge(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export type AgeLevel = 'ok' | 'warn' | 'late';

/** Amber from `warnMinutes` in the step, red from `lateMinutes`: the location's own thresholds. */
export function ageLevel(seconds: number, thresholds: { warnMinutes: number; lateMinutes: number }): AgeLevel {
  if (seconds >= thresholds.lateMinutes * 60) return 'late';
  if (seconds >= thresholds.warnMinutes * 60) return 'warn';
  return 'ok';
}

/** One row of the all-day panel: an item with its modifiers, and how many of it the open tickets want. */
export interface AllDayCount {
  key: string;
  description: string;
  modifiers: string[];
  quantity: number;
}

const modifierWords = (line: TicketLine): string[] =>
  line.modifiers.flatMap((modifier) => [`${modifier.quantity > 1 ? `${modifier.quantity} × ` : ''}${modifier.description}`, ...modifierWords(modifier)]);

/**
 * What the kitchen must make now: the items of the open tickets summed, an item with modifiers counted apart from the
 * same item without (a "Flat white · Oat milk" is not a "Flat white"), most wanted first.
 */
export function allDayCounts(tickets: readonly { status: OrderStatus; lines: readonly TicketLine[] }[]): AllDayCount[] {
  const counts = new Map<string, AllDayCount>();
  for (const ticket of tickets) {
    if (!isOpenStep(ticket.status)) continue;
    for (const line of ticket.lines) {
      const modifiers = modifierWords(line);
      const key = [line.description, ...modifiers].join(' · ');
      const count = counts.get(key) ?? { key, description: line.description, modifiers, quantity: 0 };
      count.quantity += line.quantity;
      counts.set(key, count);
    }
  }
  return [...counts.values()].sort((a, b) => b.quantity - a.quantity || a.key.localeCompare(b.key));
}

/** The recall window: the last finished tickets, newest first. */
export function recentlyFinished<T extends { status: OrderStatus; stepSince: string }>(tickets: readonly T[], count: number): T[] {
  return tickets
    .filter((ticket) => !isOpenStep(ticket.status))
    .sort((a, b) => Date.parse(b.stepSince) - Date.parse(a.stepSince))
    .slice(0, count);
}
