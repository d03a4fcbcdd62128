'use client';

import { useRouter } from 'next/navigation';
import { Field, Select } from '@/components/ui/field';

/** Switches the floor page to another of the merchant's locations. */
export function LocationPicker({ locations, locationId }: { locations: { id: string; name: string }[]; locationId: string }) {
  const router = useRouter();
  return (
    <div className="mb-6 max-w-xs">
      <Field label="Location" htmlFor="floor-location">
        <Select
          id="floor-location"
          value={locationId}
          onChange={(event) => router.push(`/dashboard/tables?location=${encodeURIComponent(event.target.value)}`)}
        >
          {locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
