import { databaseHandle } from '@/db/client';

export const dynamic = 'force-dynamic';

/** 200 only when the database answers (within two seconds). */
export async function GET() {
  try {
    await Promise.race([databaseHandle().ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 2000))]);
    return Response.json({ status: 'ready' });
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Retry-After': '5' } });
  }
}
