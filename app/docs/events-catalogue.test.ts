import { describe, expect, it } from 'vitest';
import { eventSchema } from '@/lib/events/catch-up';
import { eventTypes } from '@/lib/events/event-types';
import { eventsCatalogue } from './events-catalogue';

describe('events catalogue', () => {
  it('has one entry per event type, each example a valid event', () => {
    const catalogue = eventsCatalogue('https://hub.example.com/connect');
    expect(catalogue.map((entry) => entry.type)).toEqual([...eventTypes]);
    for (const entry of catalogue) {
      expect(eventSchema.safeParse(entry.example).success, entry.type).toBe(true);
      expect(entry.receivers.length, entry.type).toBeGreaterThan(10);
    }
  });
});
