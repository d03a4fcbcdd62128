import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout, floorWorld } from '@/app/_testing/tables';
import { locations } from '@/db/schema';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { eq } from 'drizzle-orm';
import { loadFloor } from './floor-view';
import { addFloorSection, addFloorTable, editFloorTable, moveFloorSection, removeFloorSection, removeFloorTable, renameFloorSection } from './floor-changes';

const database = useTestDatabase();
let world: Awaited<ReturnType<typeof floorWorld>>;
let merchantId: string;

beforeAll(async () => {
  world = await floorWorld(database.db());
  const [location] = await database.db().select().from(locations).where(eq(locations.id, world.locationId));
  merchantId = location!.merchantId;
});

const db = () => database.db();

describe('floor page changes', () => {
  it('adds, edits and removes a table, telling every partner of the location, the POS included', async () => {
    const section = await addFloorSection(db(), merchantId, { locationId: world.locationId, name: 'Garden' });
    const table = await addFloorTable(db(), merchantId, { locationId: world.locationId, number: 'G1', sectionId: section.id });
    expect(table).toMatchObject({ number: 'G1', sectionId: section.id, sectionName: 'Garden' });
    await editFloorTable(db(), merchantId, { locationId: world.locationId, tableId: table.id, number: 'G2', sectionId: null });
    await removeFloorTable(db(), merchantId, { locationId: world.locationId, tableId: table.id });
    const everyone = [world.pos, world.orderingApp, world.bookingApp, world.loyalty].map((partner) => partner.partnerId).sort();
    expect(await eventsAbout(db(), table.id)).toEqual([
      { type: 'NEW_TABLE', version: 1, recipients: everyone },
      { type: 'TABLE_UPDATED', version: 2, recipients: everyone },
      { type: 'TABLE_DELETED', version: 3, recipients: everyone },
    ]);
  });

  it('renames a section (TABLE_UPDATED for its tables), reorders sections and deletes only an empty one', async () => {
    const { locationIds } = await createMerchantWithLocations(db(), 1);
    const [location] = await db().select().from(locations).where(eq(locations.id, locationIds[0]!));
    const own = location!.merchantId;
    const locationId = locationIds[0]!;
    const first = await addFloorSection(db(), own, { locationId, name: 'Inside' });
    const second = await addFloorSection(db(), own, { locationId, name: 'Outside' });
    const table = await addFloorTable(db(), own, { locationId, number: '1', sectionId: first.id });

    await renameFloorSection(db(), own, { locationId, sectionId: first.id, name: 'Dining room' });
    expect((await eventsAbout(db(), table.id)).map((event) => event.type)).toEqual(['NEW_TABLE', 'TABLE_UPDATED']);
    await expect(renameFloorSection(db(), own, { locationId, sectionId: second.id, name: 'Dining room' })).rejects.toMatchObject({
      code: 'SECTION_NAME_CONFLICT',
    });

    await moveFloorSection(db(), own, { locationId, sectionId: second.id, direction: 'up' });
    expect((await loadFloor(db(), locationId)).sections.map((section) => section.name)).toEqual(['Outside', 'Dining room']);

    await expect(removeFloorSection(db(), own, { locationId, sectionId: first.id })).rejects.toMatchObject({ code: 'SECTION_NOT_EMPTY' });
    await removeFloorSection(db(), own, { locationId, sectionId: second.id });
    expect((await loadFloor(db(), locationId)).sections).toEqual([{ id: first.id, name: 'Dining room', tableCount: 1 }]);
  });

  it("answers another merchant's location or table as if it did not exist", async () => {
    const { merchant } = await createMerchantWithLocations(db(), 1);
    await expect(addFloorTable(db(), merchant.id, { locationId: world.locationId, number: 'X', sectionId: null })).rejects.toMatchObject({ status: 404 });
    const table = await addFloorTable(db(), merchantId, { locationId: world.locationId, number: 'mine', sectionId: null });
    await expect(removeFloorTable(db(), merchant.id, { locationId: world.locationId, tableId: table.id })).rejects.toMatchObject({ status: 404 });
    await expect(removeFloorTable(db(), merchantId, { locationId: world.otherLocationId, tableId: table.id })).rejects.toMatchObject({ status: 404 });
  });
});
