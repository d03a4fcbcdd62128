import { getDb } from '@/db/client';
import { config } from '@/lib/config';
import { fromLoopback } from '@/lib/http/loopback';
import { receiveAtSink, sinkReceipts } from '@/lib/ops/demo-sink';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ sink: string }> };

// The demo's webhook receiver (lib/ops/demo-sink.ts): only with SEED_DEMO=true and only from loopback; anyone else is
// answered as if it did not exist.
const available = (request: Request) => config().SEED_DEMO && fromLoopback(request);
const absent = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });

export async function POST(request: Request, context: Context): Promise<Response> {
  if (!available(request)) return absent();
  const { sink } = await context.params;
  const body = (await request.text()).slice(0, 1024 * 1024);
  const receipt = await receiveAtSink(getDb(), sink, request.headers, body);
  return Response.json({ received: true, verified: receipt.verified, webhookId: receipt.webhookId, type: receipt.type });
}

/** The sink's last receipts, newest first. */
export async function GET(request: Request, context: Context): Promise<Response> {
  if (!available(request)) return absent();
  const { sink } = await context.params;
  return Response.json({ receipts: sinkReceipts(sink) }, { headers: { 'cache-control': 'no-store' } });
}
