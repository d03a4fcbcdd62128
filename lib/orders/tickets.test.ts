import { describe, expect, it } from 'vitest';
import { ageLevel, ageSeconds, allDayCounts, byUrgency, formatAge, recentlyFinished, stepsInUse, type TicketLine, type TicketTiming } from './tickets';

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 27, 19, 0) - minutesAgo * 60_000).toISOString();
const NOW = Date.UTC(2026, 10, 27, 19, 0);
const ticket = (id: string, status: TicketTiming['status'], stepMinutesAgo: number, extra: Partial<TicketTiming> = {}): TicketTiming => ({
  id,
  status,
  createdAt: at(stepMinutesAgo),
  stepSince: at(stepMinutesAgo),
  autoRejectAt: null,
  ...extra,
});
const line = (description: string, quantity: number, modifiers: TicketLine[] = []): TicketLine => ({
  description,
  quantity,
  lineTotal: quantity * 100,
  notes: null,
  allergens: [],
  modifiers,
});

describe('ticket order', () => {
  it('puts the new order nearest its auto-reject deadline first, then the oldest in each step', () => {
    const created = [
      ticket('late', 'CREATED', 0, { autoRejectAt: at(-0.4) }),
      ticket('fresh', 'CREATED', 0, { autoRejectAt: at(-2) }),
      ticket('middle', 'CREATED', 0, { autoRejectAt: at(-1) }),
    ];
    expect([...created].sort(byUrgency).map((each) => each.id)).toEqual(['late', 'middle', 'fresh']);
    const accepted = [ticket('b', 'ACCEPTED', 2), ticket('a', 'ACCEPTED', 9), ticket('c', 'ACCEPTED', 0)];
    expect([...accepted].sort(byUrgency).map((each) => each.id)).toEqual(['a', 'b', 'c']);
  });

  it('shows only the steps the open tickets use, in pass order', () => {
    expect(stepsInUse([ticket('1', 'READY', 1), ticket('2', 'CREATED', 1), ticket('3', 'READY', 2)])).toEqual(['CREATED', 'READY']);
    expect(stepsInUse([ticket('1', 'FULFILLED', 1)])).toEqual([]);
  });

  it('recalls the last finished tickets, newest first', () => {
    const tickets = [ticket('old', 'FULFILLED', 30), ticket('open', 'READY', 1), ticket('new', 'REJECTED', 2), ticket('mid', 'FULFILLED', 10)];
    expect(recentlyFinished(tickets, 2).map((each) => each.id)).toEqual(['new', 'mid']);
  });
});

describe('ticket age', () => {
  it('counts whole seconds in the step, never below zero, as mm:ss', () => {
    expect(ageSeconds(ticket('1', 'ACCEPTED', 5.5), NOW)).toBe(330);
    expect(ageSeconds(ticket('1', 'ACCEPTED', -1), NOW)).toBe(0);
    expect(formatAge(330)).toBe('05:30');
    expect(formatAge(5400)).toBe('90:00');
  });

  it('turns amber at the warn threshold and red at the late one', () => {
    const thresholds = { warnMinutes: 5, lateMinutes: 10 };
    expect(ageLevel(299, thresholds)).toBe('ok');
    expect(ageLevel(300, thresholds)).toBe('warn');
    expect(ageLevel(599, thresholds)).toBe('warn');
    expect(ageLevel(600, thresholds)).toBe('late');
    expect(ageLevel(60, { warnMinutes: 1, lateMinutes: 2 })).toBe('warn');
  });
});

describe('all-day counts', () => {
  it('sums the open tickets’ items, an item with modifiers apart from the plain one, finished tickets left out', () => {
    const counts = allDayCounts([
      { status: 'CREATED', lines: [line('Flat white', 2), line('Flat white', 1, [line('Oat milk', 1)])] },
      { status: 'BEING_PREPARED', lines: [line('Flat white', 3), line('Big breakfast', 1, [line('Extra bacon', 2)])] },
      { status: 'FULFILLED', lines: [line('Flat white', 10)] },
    ]);
    expect(counts).toEqual([
      { key: 'Flat white', description: 'Flat white', modifiers: [], quantity: 5 },
      { key: 'Big breakfast · 2 × Extra bacon', description: 'Big breakfast', modifiers: ['2 × Extra bacon'], quantity: 1 },
      { key: 'Flat white · Oat milk', description: 'Flat white', modifiers: ['Oat milk'], quantity: 1 },
    ]);
  });
});
