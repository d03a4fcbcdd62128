import type { Metadata } from 'next';
import { getDb } from '@/db/client';
import { AddTableForm } from '@/components/tables/add-table-form';
import { FloorTable } from '@/components/tables/floor-table';
import { LocationPicker } from '@/components/tables/location-picker';
import { RefreshOnFloorEvents } from '@/components/tables/refresh-on-floor-events';
import { SectionManager } from '@/components/tables/section-manager';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { loadFloor } from '@/lib/tables/floor-view';
import { merchantLocations } from '@/lib/tenancy/merchants';
import { requireMember } from '../_lib/action';

export const metadata: Metadata = { title: 'Tables' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function TablesPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireMember('tables.edit', '/dashboard/tables');
  const requested = (await searchParams).location;
  const db = getDb();
  const locations = await merchantLocations(db, user);
  // A location from the address that is not the merchant's shows the first of its own instead.
  const location = locations.find((candidate) => candidate.id === requested) ?? locations[0];
  const header = <PageHeader title="Tables" description="Sections and tables of each location, with their open sales, as the POS and apps see them." />;
  if (!location) {
    return (
      <>
        {header}
        <EmptyState>You have no locations yet.</EmptyState>
      </>
    );
  }
  const floor = await loadFloor(db, location.id);
  return (
    <>
      {header}
      <RefreshOnFloorEvents locationId={location.id} />
      <LocationPicker locations={locations.map(({ id, name }) => ({ id, name }))} locationId={location.id} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card title="Sections">
          <SectionManager key={location.id} sections={floor.sections} locationId={location.id} />
        </Card>
        <Card title={`Tables at ${location.name}`}>
          <AddTableForm key={location.id} sections={floor.sections} locationId={location.id} />
          <FloorTable tables={floor.tables} sections={floor.sections} locationId={location.id} />
        </Card>
      </div>
    </>
  );
}
