import { z } from 'zod';
import { searchLocations } from '@/lib/ops/tenants-view';
import { dashboardRoute } from '../../_lib/route';

export const dynamic = 'force-dynamic';

/**
 * The console's location combobox asks here as the operator types: at most 20 locations matching the text (admins
 * only; anyone else is answered 404, as the console's pages are).
 */
export const GET = dashboardRoute({ roles: ['ADMIN'], query: z.object({ q: z.string().max(100).default('') }) }, async ({ db, query }) =>
  Response.json({ locations: await searchLocations(db, query.q) }),
);
