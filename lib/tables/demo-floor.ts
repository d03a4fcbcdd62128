import type { Executor } from '@/db/client';
import { tables } from '@/db/schema';
import { newId } from '@/lib/ids';
import { createSection } from './sections';

// docs/contract.md#demo-tenant: the demo locations come with a floor, so the tables page and the Tables API have something to show.
const DEMO_FLOOR = [
  { section: 'Dining room', numbers: ['1', '2', '3', '4', '5', '6'] },
  { section: 'Terrace', numbers: ['T1', 'T2', 'T3', 'T4'] },
] as const;

/** Creates the demo sections and tables at each location (inside the demo seed's transaction; no events: nobody listens yet). */
export async function seedDemoFloor(tx: Executor, locationIds: readonly string[]): Promise<void> {
  for (const locationId of locationIds) {
    for (const { section, numbers } of DEMO_FLOOR) {
      const { id: sectionId } = await createSection(tx, locationId, { name: section });
      await tx.insert(tables).values(numbers.map((number) => ({ id: newId(), locationId, number, sectionId })));
    }
  }
}
