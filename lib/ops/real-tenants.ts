import { isNull, sql, type SQL } from 'drizzle-orm';
import { partners, sandboxes } from '@/db/schema';

// Partners' sandboxes (lib/sandbox) would mislead the console: their merchants, locations, simulated partners and
// orders are left out of its lists and counts, and counted apart (consoleCounts' `sandboxes`). Real merchants are
// lib/tenancy/scope.ts's `realMerchant`.

/** A partner of its own, not the simulated counterpart of some partner's sandbox. */
export const realPartner = (): SQL => isNull(partners.sandboxPartnerId);

/** Orders, presence and the like at real locations, not at a sandbox's. */
export const notAtSandbox = (locationColumn: SQL): SQL => sql`${locationColumn} not in (select ${sandboxes.locationId} from ${sandboxes})`;
