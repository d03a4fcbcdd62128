import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';

/** Location and days of the bookings page, as a plain GET form so the view is a shareable address. */
export function BookingDayFilters({
  locations,
  locationId,
  date,
  to,
}: {
  locations: { id: string; name: string }[];
  locationId: string;
  date: string;
  to: string;
}) {
  return (
    <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Bookings filters">
      <div className="w-56">
        <Field label="Location" htmlFor="booking-location">
          <Select id="booking-location" name="location" defaultValue={locationId}>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="w-44">
        <Field label="Day" htmlFor="booking-date">
          <Input id="booking-date" type="date" name="date" defaultValue={date} />
        </Field>
      </div>
      <div className="w-44">
        <Field label="List until" htmlFor="booking-to">
          <Input id="booking-to" type="date" name="to" defaultValue={to} />
        </Field>
      </div>
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </form>
  );
}
