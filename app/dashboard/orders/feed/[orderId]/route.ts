import { auth } from '@/auth';
import { getDb } from '@/db/client';
import { orderDocket } from '@/lib/orders/board';

export const dynamic = 'force-dynamic';

/** One order's docket and status history, for the board's detail panel. */
export async function GET(_request: Request, { params }: { params: Promise<{ orderId: string }> }) {
  const session = await auth();
  const merchantId = session?.user?.role === 'MERCHANT' ? session.user.merchantId : null;
  if (!merchantId) return Response.json({ error: 'Sign in as a merchant.' }, { status: 401 });
  const docket = await orderDocket(getDb(), merchantId, (await params).orderId);
  if (!docket) return Response.json({ error: 'Order not found.' }, { status: 404 });
  return Response.json(docket);
}
