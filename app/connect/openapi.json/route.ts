import { apiDocument } from './operations';

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(apiDocument());
}
