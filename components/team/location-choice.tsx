import { LOCATION_FIELD_PREFIX } from '@/lib/team/team-fields';

export interface TeamLocation {
  id: string;
  name: string;
}

/** A member's locations as checkboxes; none checked means every location (owners always reach every one). */
export function LocationChoice({ idPrefix, locations, checked }: { idPrefix: string; locations: TeamLocation[]; checked: readonly string[] }) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-stone-700">Locations</legend>
      <p className="text-xs text-stone-500">None checked: every location. Owners reach every location.</p>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {locations.map((location) => (
          <label key={location.id} htmlFor={`${idPrefix}-${location.id}`} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              id={`${idPrefix}-${location.id}`}
              type="checkbox"
              name={`${LOCATION_FIELD_PREFIX}${location.id}`}
              defaultChecked={checked.includes(location.id)}
              className="size-4 accent-brand-600"
            />
            {location.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export const ROLE_OPTIONS = [
  { value: 'OWNER', label: 'Owner' },
  { value: 'MANAGER', label: 'Manager' },
  { value: 'STAFF', label: 'Staff' },
] as const;
