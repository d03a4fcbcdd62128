import { z } from 'zod';
import { auth } from '@/auth';
import { getDb } from '@/db/client';
import { boardOrders } from '@/lib/orders/board';
import { ORDER_STATUSES } from '@/lib/orders/transitions';

export const dynamic = 'force-dynamic';

const filtersSchema = z.object({
  locationId: z.string().min(1).max(50).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});

/** The live board's data, refetched by the page whenever an order event arrives on the dashboard stream. */
export async function GET(request: Request) {
  const session = await auth();
  const merchantId = session?.user?.role === 'MERCHANT' ? session.user.merchantId : null;
  if (!merchantId) return Response.json({ error: 'Sign in as a merchant.' }, { status: 401 });
  const params = new URL(request.url).searchParams;
  const filters = filtersSchema.safeParse({ locationId: params.get('locationId') || undefined, status: params.get('status') || undefined });
  if (!filters.success) return Response.json({ error: 'Unknown filter.' }, { status: 400 });
  const { locationId, status } = filters.data;
  return Response.json(await boardOrders(getDb(), merchantId, { locationId, statuses: status ? [status] : undefined }));
}
