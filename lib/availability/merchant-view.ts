import { asc } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations } from '@/db/schema';
import { inScope, merchantCaller, type MerchantReach } from '@/lib/tenancy/scope';
import { availabilityResponse, loadAvailability } from './location-availability';
import type { Availability } from './schema';

export interface LocationAvailability {
  id: string;
  name: string;
  timezone: string;
  availability: Availability;
  /** The special days kept (not only the next 14), for the settings page. */
  allSpecialDays: Availability['specialDays'];
}

/** Every location the merchant (or its member) reaches with its availability now, for the orders board and the settings page. */
export async function merchantAvailabilities(db: Executor, merchant: MerchantReach, locationId?: string): Promise<LocationAvailability[]> {
  const caller = merchantCaller(merchant);
  const owned = await db
    .select({ id: locations.id, name: locations.name, timezone: locations.timezone })
    .from(locations)
    .where(inScope(db, caller, locations.id))
    .orderBy(asc(locations.name));
  const result: LocationAvailability[] = [];
  for (const location of owned.filter((candidate) => !locationId || candidate.id === locationId)) {
    const loaded = (await loadAvailability(db, location.id, { caller }))!;
    result.push({
      ...location,
      availability: availabilityResponse(loaded),
      allSpecialDays: [...loaded.settings.specialDays].sort((a, b) => a.date.localeCompare(b.date)),
    });
  }
  return result;
}
