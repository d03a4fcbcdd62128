import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { seedDemoFloor } from './demo-floor';
import { loadFloor } from './floor-view';

const database = useTestDatabase();

describe('seedDemoFloor', () => {
  it('gives each location a Dining room and a Terrace with free tables', async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 2);
    await database.db().transaction((tx) => seedDemoFloor(tx, locationIds));
    for (const locationId of locationIds) {
      const floor = await loadFloor(database.db(), locationId);
      expect(floor.sections.map((section) => section.name)).toEqual(['Dining room', 'Terrace']);
      expect(floor.tables.map((table) => `${table.sectionName}:${table.number}`)).toEqual(
        ['1', '2', '3', '4', '5', '6'].map((n) => `Dining room:${n}`).concat(['T1', 'T2', 'T3', 'T4'].map((n) => `Terrace:${n}`)),
      );
      expect(floor.tables.every((table) => table.openSales.length === 0)).toBe(true);
    }
  });
});
