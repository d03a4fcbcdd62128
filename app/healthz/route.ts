export const dynamic = 'force-dynamic';

/** Answers while the process lives. */
export function GET() {
  return Response.json({ status: 'ok' });
}
